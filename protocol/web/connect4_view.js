// Connect Four, 7 columns by 6 rows: the rules the page needs (a full column,
// a four, a full board) and the board's drawing. Moves are columns "1".."7",
// as the engine writes them. A click anywhere in a column plays it.

import {BoardGameView, svgElement} from "./board_game_view.js"

const COLUMNS = 7
const ROWS = 6
const CELL = 10

// The state: cells[column][row], row 0 at the bottom; 0 first player, 1 second, null empty.
function initial() {
    return {cells: Array.from({length: COLUMNS}, () => []), plies: 0}
}

function apply(state, move) {
    const column = Number(move) - 1
    if (!Number.isInteger(column) || column < 0 || column >= COLUMNS) return null
    if (state.cells[column].length >= ROWS) return null
    const cells = state.cells.map((stack) => stack.slice())
    cells[column].push(state.plies % 2)
    return {cells, plies: state.plies + 1}
}

function at(state, column, row) {
    if (column < 0 || column >= COLUMNS || row < 0 || row >= ROWS) return null
    return state.cells[column][row] ?? null
}

function outcome(state) {
    for (let column = 0; column < COLUMNS; column++) {
        for (let row = 0; row < ROWS; row++) {
            const player = at(state, column, row)
            if (player === null) continue
            for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
                const cells = [0, 1, 2, 3].map((k) => [column + k * dc, row + k * dr])
                if (cells.every(([c, r]) => at(state, c, r) === player)) return {winner: player, cells}
            }
        }
    }
    return state.plies === COLUMNS * ROWS ? {winner: null, cells: []} : null
}

function draw(svg, state, {last, outcome: result}) {
    // One row of space above the board for the best move's marker.
    svgElement("rect", {x: 0, y: CELL, width: COLUMNS * CELL, height: ROWS * CELL, rx: 1.5, class: "c4-frame"}, svg)
    const winning = new Set((result?.cells ?? []).map(([c, r]) => c + "," + r))
    const lastColumn = last === null ? -1 : Number(last) - 1
    for (let column = 0; column < COLUMNS; column++) {
        for (let row = 0; row < ROWS; row++) {
            const player = at(state, column, row)
            const classes = ["c4-cell", player === null ? "empty" : player === 0 ? "first" : "second"]
            if (winning.has(column + "," + row)) classes.push("winning")
            if (column === lastColumn && row === state.cells[column].length - 1) classes.push("last")
            svgElement("circle", {
                cx: column * CELL + CELL / 2, cy: (ROWS - row) * CELL + CELL / 2, r: CELL * 0.4,
                class: classes.join(" "),
            }, svg)
        }
    }
    // Transparent columns on top take the clicks.
    for (let column = 0; column < COLUMNS; column++) {
        svgElement("rect", {
            x: column * CELL, y: 0, width: CELL, height: (ROWS + 1) * CELL,
            class: "hit", "data-move": column + 1,
        }, svg)
    }
}

// A marker above the column, and a ring where the stone would land.
function drawBest(svg, state, best) {
    const column = Number(best) - 1
    if (!(column >= 0 && column < COLUMNS)) return
    const x = column * CELL + CELL / 2
    svgElement("path", {d: `M ${x - 3} 2 L ${x + 3} 2 L ${x} 8 Z`, class: "best-move"}, svg)
    const row = state.cells[column].length
    if (row < ROWS) {
        svgElement("circle", {cx: x, cy: (ROWS - row) * CELL + CELL / 2, r: CELL * 0.4, class: "best-move-cell"}, svg)
    }
}

const RULES = {
    game: "connect4",
    label: "Connect Four board",
    sideNames: ["First player (x)", "Second player (o)"],
    symbols: ["x", "o"],
    viewBox: `0 0 ${COLUMNS * CELL} ${(ROWS + 1) * CELL}`,
    initial, apply, outcome, draw, drawBest,
    moveAt: (element) => element.getAttribute?.("data-move") ?? null,
}

export class Connect4View extends BoardGameView {
    constructor(container, options) {
        super(container, options, RULES)
    }
}
