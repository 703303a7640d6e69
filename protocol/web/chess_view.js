// The chess board: cm-chessboard draws it and takes the user's moves,
// chess.js decides what is legal and writes SAN. This module keeps the game
// (a start position and its moves) and answers the questions every game view
// answers for app.js (see snapshot()).

import {Chessboard, COLOR, FEN, INPUT_EVENT_TYPE, BORDER_TYPE} from "cm-chessboard/src/Chessboard.js"
import {Markers, MARKER_TYPE} from "cm-chessboard/src/extensions/markers/Markers.js"
import {Arrows} from "cm-chessboard/src/extensions/arrows/Arrows.js"
import {PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE} from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js"
import {Chess, DEFAULT_POSITION, validateFen} from "chess.js"
import {MoveHistory} from "./move_history.js"

// Module-level constants: cm-chessboard matches arrow and marker types by reference.
const BEST_MOVE_ARROW = {class: "arrow-best"}
const LAST_MOVE_MARKER = MARKER_TYPE.square

const ASSETS_URL = new URL("vendor/cm-chessboard/assets/", document.baseURI).href

function uciToMove(uci) {
    return {from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.length > 4 ? uci[4].toLowerCase() : undefined}
}

export class ChessView {
    constructor(container, {onChange = () => {}} = {}) {
        this.game = "chess"
        this.sideNames = ["White", "Black"]
        this.onChange = onChange
        this.mayMove = () => true
        this.startFen = DEFAULT_POSITION
        this.history = new MoveHistory()
        this.element = document.createElement("div")
        this.element.className = "chess-board"
        container.appendChild(this.element)
        this.board = new Chessboard(this.element, {
            position: FEN.start,
            assetsUrl: ASSETS_URL,
            style: {borderType: BORDER_TYPE.frame, animationDuration: 150, pieces: {file: "pieces/staunty.svg"}},
            extensions: [{class: Markers}, {class: Arrows}, {class: PromotionDialog}],
        })
        this.orientation = COLOR.white
        this.board.enableMoveInput((event) => this.handleInput(event))
        this.render(false)
    }

    destroy() {
        this.board.destroy()
        this.element.remove()
    }

    // A chess.js game at the shown position, replayed from the start so that
    // it knows the repetitions and the fifty-move count.
    current() {
        const chess = new Chess(this.startFen)
        for (const move of this.history.played()) chess.move(uciToMove(move.lan))
        return chess
    }

    // What app.js needs to know about the shown position, fixed at this
    // moment: a search started now reports on this position even if the user
    // has moved on by the time its lines arrive.
    snapshot() {
        const chess = this.current()
        const played = this.history.played()
        const moves = played.map((move) => move.lan)
        const base = this.startFen === DEFAULT_POSITION ? "position startpos" : "position fen " + this.startFen
        const fen = chess.fen()
        return {
            key: this.startFen + "|" + moves.join(" "),
            positionCommand: moves.length ? base + " moves " + moves.join(" ") : base,
            firstToMove: chess.turn() === "w",
            over: chess.isGameOver(),
            describePv: (pv) => describePv(fen, pv),
        }
    }

    handleInput(event) {
        switch (event.type) {
            case INPUT_EVENT_TYPE.moveInputStarted: {
                this.board.removeLegalMovesMarkers()
                const chess = this.current()
                if (!this.mayMove(chess.turn() === "w")) return false
                const moves = chess.moves({square: event.squareFrom, verbose: true})
                this.board.addLegalMovesMarkers(moves)
                return moves.length > 0
            }
            case INPUT_EVENT_TYPE.validateMoveInput: {
                this.board.removeLegalMovesMarkers()
                const chess = this.current()
                const candidates = chess.moves({square: event.squareFrom, verbose: true})
                    .filter((move) => move.to === event.squareTo)
                if (candidates.length === 0) return false
                if (candidates.some((move) => move.promotion)) {
                    this.board.showPromotionDialog(event.squareTo, chess.turn(), (result) => {
                        if (result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) {
                            this.play({from: event.squareFrom, to: event.squareTo, promotion: result.piece.charAt(1)}, "user")
                        } else {
                            this.render(true)
                        }
                    })
                    return true
                }
                // The board moved the piece itself; castling's rook, en passant's
                // captured pawn and the markers follow once its input is done.
                this.play({from: event.squareFrom, to: event.squareTo}, "user", this.board.state.moveInputProcess)
                return true
            }
            case INPUT_EVENT_TYPE.moveInputCanceled:
                this.board.removeLegalMovesMarkers()
                return undefined
            default:
                return undefined
        }
    }

    // Plays a move ({from, to, promotion}) at the shown position; false when illegal.
    play(move, reason, renderAfter = null) {
        const chess = this.current()
        let made
        try {
            made = chess.move(move)
        } catch {
            return false
        }
        this.history.push({lan: made.lan, san: made.san, color: made.color})
        if (renderAfter) renderAfter.then(() => this.render(true))
        else this.render(true)
        this.onChange(reason)
        return true
    }

    playEngineMove(uci) {
        return this.play(uciToMove(uci), "engine")
    }

    render(animated) {
        const chess = this.current()
        this.board.setPosition(chess.fen(), animated)
        this.board.removeMarkers(LAST_MOVE_MARKER)
        const last = this.history.played().at(-1)
        if (last) {
            this.board.addMarker(LAST_MOVE_MARKER, last.lan.slice(0, 2))
            this.board.addMarker(LAST_MOVE_MARKER, last.lan.slice(2, 4))
        }
    }

    showBestMove(uci) {
        this.board.removeArrows(BEST_MOVE_ARROW)
        if (uci && /^[a-h][1-8][a-h][1-8]/.test(uci)) {
            this.board.addArrow(BEST_MOVE_ARROW, uci.slice(0, 2), uci.slice(2, 4))
        }
    }

    navigate(change) {
        if (!change) return
        // A piece held meanwhile stays held when it is still on its square
        // (cm-chessboard drops it otherwise); its move is checked against the
        // position shown when it is made.
        this.render(true)
        this.onChange("navigate")
    }

    back() { this.navigate(this.history.back()) }
    forward() { this.navigate(this.history.forward()) }
    goTo(ply) { this.navigate(this.history.goTo(ply)) }
    atEnd() { return this.history.atEnd() }

    newGame() {
        this.load(DEFAULT_POSITION, [])
    }

    load(startFen, moves) {
        this.startFen = startFen
        this.history.reset(moves)
        this.render(false)
        this.onChange("load")
    }

    // Kept here as well: the board changes its own orientation only once its animation ends.
    get flipped() {
        return this.orientation === COLOR.black
    }

    flip() {
        this.orient(this.flipped)
    }

    // Orients the board so that the first player's side is at the bottom, or the second's.
    orient(firstAtBottom) {
        const wanted = firstAtBottom ? COLOR.white : COLOR.black
        if (this.orientation === wanted) return
        this.orientation = wanted
        this.board.setOrientation(wanted, true)
    }

    // Reads a PGN, else a FEN; returns an error text, or null once loaded.
    loadText(text) {
        const trimmed = text.trim()
        if (!trimmed) return "nothing to load"
        const asFen = validateFen(trimmed)
        if (asFen.ok) {
            this.load(new Chess(trimmed).fen(), [])
            return null
        }
        const chess = new Chess()
        try {
            chess.loadPgn(trimmed)
        } catch (error) {
            // A single line without a move number is meant as a FEN: say what is wrong with it.
            const looksLikeFen = !/\d\./.test(trimmed) && trimmed.split("/").length === 8
            return looksLikeFen ? asFen.error : "not a FEN or PGN: " + error.message
        }
        const moves = chess.history({verbose: true})
        const startFen = moves.length ? moves[0].before : chess.fen()
        this.load(startFen, moves.map((move) => ({lan: move.lan, san: move.san, color: move.color})))
        return null
    }

    // The move list as labels, with move numbers on White's moves and on the first move.
    historyLabels() {
        const firstNumber = new Chess(this.startFen).moveNumber()
        let number = firstNumber
        return this.history.moves.map((move, index) => {
            let prefix = ""
            if (move.color === "w") prefix = number + ". "
            else if (index === 0) prefix = number + "... "
            if (move.color === "b") number++
            return {label: prefix + move.san, ply: index + 1}
        })
    }

    get cursor() { return this.history.cursor }

    fen() {
        return this.current().fen()
    }

    resultText() {
        const chess = this.current()
        if (chess.isCheckmate()) return chess.turn() === "w" ? "Black wins by checkmate (0-1)" : "White wins by checkmate (1-0)"
        if (chess.isStalemate()) return "Draw by stalemate"
        if (chess.isInsufficientMaterial()) return "Draw: insufficient material"
        if (chess.isThreefoldRepetition()) return "Draw by threefold repetition"
        if (chess.isDraw()) return "Draw by the fifty-move rule"
        return ""
    }
}

// A pv in UCI moves as SAN with move numbers, from the position it was
// searched in; a move chess.js refuses ends the conversion, and the rest is
// shown as the engine wrote it.
export function describePv(fen, pv) {
    const chess = new Chess(fen)
    const parts = []
    for (let i = 0; i < pv.length; i++) {
        const white = chess.turn() === "w"
        const number = chess.moveNumber()
        let made
        try {
            made = chess.move(uciToMove(pv[i]))
        } catch {
            parts.push(...pv.slice(i))
            break
        }
        if (white) parts.push(number + ". " + made.san)
        else parts.push(i === 0 ? number + "... " + made.san : made.san)
    }
    return parts.join(" ")
}
