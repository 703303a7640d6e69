// Tic-tac-toe, 3x3: the rules the page needs (an occupied square, three in a
// row, a full board) and the board's drawing. Moves are squares "1".."9" row
// by row from the top left, as the engine writes them.

import {BoardGameView, svgElement} from "./board_game_view.js"

const CELL = 10
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

// The state: nine cells, 0 for X, 1 for O, null when empty.
function initial() {
    return {cells: Array(9).fill(null), plies: 0}
}

function apply(state, move) {
    const square = Number(move) - 1
    if (!Number.isInteger(square) || square < 0 || square > 8 || state.cells[square] !== null) return null
    const cells = state.cells.slice()
    cells[square] = state.plies % 2
    return {cells, plies: state.plies + 1}
}

function outcome(state) {
    for (const line of LINES) {
        const player = state.cells[line[0]]
        if (player !== null && line.every((i) => state.cells[i] === player)) return {winner: player, cells: line}
    }
    return state.plies === 9 ? {winner: null, cells: []} : null
}

function draw(svg, state, {last, outcome: result}) {
    const winning = new Set(result?.cells ?? [])
    for (let square = 0; square < 9; square++) {
        const x = (square % 3) * CELL
        const y = Math.floor(square / 3) * CELL
        const classes = ["ttt-cell"]
        if (winning.has(square)) classes.push("winning")
        if (last !== null && Number(last) - 1 === square) classes.push("last")
        svgElement("rect", {x: x + 0.4, y: y + 0.4, width: CELL - 0.8, height: CELL - 0.8, rx: 1, class: classes.join(" "), "data-move": square + 1}, svg)
        const player = state.cells[square]
        const cx = x + CELL / 2
        const cy = y + CELL / 2
        if (player === 0) {
            svgElement("path", {d: `M ${cx - 3} ${cy - 3} L ${cx + 3} ${cy + 3} M ${cx + 3} ${cy - 3} L ${cx - 3} ${cy + 3}`, class: "ttt-x"}, svg)
        } else if (player === 1) {
            svgElement("circle", {cx, cy, r: 3.2, class: "ttt-o"}, svg)
        }
    }
}

function drawBest(svg, state, best) {
    const square = Number(best) - 1
    if (!(square >= 0 && square < 9)) return
    const x = (square % 3) * CELL
    const y = Math.floor(square / 3) * CELL
    svgElement("rect", {x: x + 0.9, y: y + 0.9, width: CELL - 1.8, height: CELL - 1.8, rx: 0.8, class: "best-move-cell"}, svg)
}

const RULES = {
    game: "tictactoe",
    label: "Tic-tac-toe board",
    sideNames: ["X", "O"],
    symbols: ["X", "O"],
    viewBox: `0 0 ${3 * CELL} ${3 * CELL}`,
    initial, apply, outcome, draw, drawBest,
    moveAt: (element) => element.getAttribute?.("data-move") ?? null,
}

export class TicTacToeView extends BoardGameView {
    constructor(container, options) {
        super(container, options, RULES)
    }
}
