// What Connect Four's and tic-tac-toe's views share: the moves and the shown
// place in them, a board drawn as SVG from the game's rules, clicks turned
// into moves, and the answers app.js asks of every game view. The rules
// object of each game (connect4_view.js, tictactoe_view.js) supplies the rest.

import {MoveHistory} from "./move_history.js"

const SVG = "http://www.w3.org/2000/svg"

export function svgElement(name, attributes = {}, parent = null) {
    const element = document.createElementNS(SVG, name)
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value))
    if (parent) parent.appendChild(element)
    return element
}

export class BoardGameView {
    // rules: {game, label, sideNames, symbols, viewBox, initial(),
    // apply(state, move) -> state or null, outcome(state) -> null | {winner:
    // 0|1|null, cells}, draw(layer, state, {last, outcome}), drawBest(layer,
    // state, move), moveAt(element) -> move or null}
    constructor(container, {onChange = () => {}} = {}, rules) {
        this.rules = rules
        this.game = rules.game
        this.sideNames = rules.sideNames
        this.onChange = onChange
        this.mayMove = () => true
        this.history = new MoveHistory()
        this.best = null
        this.svg = svgElement("svg", {viewBox: rules.viewBox, class: "game-board " + rules.game, role: "img"})
        this.svg.setAttribute("aria-label", rules.label)
        // The best move is drawn on a layer of its own: the analysis changes it
        // often, and redrawing the board under a pointer would lose its click.
        this.boardLayer = svgElement("g", {}, this.svg)
        this.bestLayer = svgElement("g", {class: "best-layer"}, this.svg)
        container.appendChild(this.svg)
        this.svg.addEventListener("click", (event) => this.handleClick(event))
        this.render()
    }

    destroy() {
        this.svg.remove()
    }

    // The state at ply: moves are few, so it is replayed from the start.
    stateAt(ply) {
        let state = this.rules.initial()
        for (const move of this.history.moves.slice(0, ply)) state = this.rules.apply(state, move)
        return state
    }

    current() {
        return this.stateAt(this.history.cursor)
    }

    snapshot() {
        const moves = this.history.played()
        const state = this.current()
        const firstToMove = moves.length % 2 === 0
        return {
            key: moves.join(" "),
            positionCommand: "position startpos" + (moves.length ? " moves " + moves.join(" ") : ""),
            firstToMove,
            over: this.rules.outcome(state) !== null,
            describePv: (pv) => pv.map((move, i) => this.label(move, (moves.length + i) % 2)).join(" "),
        }
    }

    label(move, player) {
        return this.rules.symbols[player] + move
    }

    handleClick(event) {
        const move = this.rules.moveAt(event.target)
        if (move === null) return
        const firstToMove = this.history.cursor % 2 === 0
        if (!this.mayMove(firstToMove)) return
        this.play(move, "user")
    }

    // Plays a move at the shown position; false when illegal or the game is over.
    play(move, reason) {
        const state = this.current()
        if (this.rules.outcome(state) !== null) return false
        if (this.rules.apply(state, move) === null) return false
        this.history.push(move)
        this.best = null
        this.render()
        this.onChange(reason)
        return true
    }

    playEngineMove(move) {
        return this.play(move, "engine")
    }

    showBestMove(move) {
        if (move === this.best) return
        this.best = move
        this.renderBest(this.current())
    }

    render() {
        const state = this.current()
        const last = this.history.played().at(-1) ?? null
        this.boardLayer.replaceChildren()
        this.rules.draw(this.boardLayer, state, {last, outcome: this.rules.outcome(state)})
        this.renderBest(state)
    }

    renderBest(state) {
        this.bestLayer.replaceChildren()
        if (this.best !== null) this.rules.drawBest(this.bestLayer, state, this.best)
    }

    navigate(changed) {
        if (!changed) return
        this.best = null
        this.render()
        this.onChange("navigate")
    }

    back() { this.navigate(this.history.back()) }
    forward() { this.navigate(this.history.forward()) }
    goTo(ply) { this.navigate(this.history.goTo(ply)) }
    atEnd() { return this.history.atEnd() }

    newGame() {
        this.history.reset([])
        this.best = null
        this.render()
        this.onChange("load")
    }

    historyLabels() {
        return this.history.moves.map((move, index) => ({label: (index + 1) + ". " + this.label(move, index % 2), ply: index + 1}))
    }

    get cursor() { return this.history.cursor }

    resultText() {
        const outcome = this.rules.outcome(this.current())
        if (!outcome) return ""
        if (outcome.winner === null) return "Draw"
        return this.sideNames[outcome.winner] + " wins"
    }
}
