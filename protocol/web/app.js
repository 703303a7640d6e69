// The page's wiring: the connection, the game view of the chosen game, the
// analysis panel, and the one rule that decides what the engine does after
// every change: play its side's move, analyse, or stop.

import {EngineSocket, SOCKET_STATE, serverWantsToken, socketUrl} from "./engine_socket.js"
import {SearchDriver} from "./search_driver.js"
import {AnalysisPanel} from "./analysis_panel.js"
import {Notices} from "./notices.js"
import {parseInfoString} from "./uci_info.js"
import {ChessView} from "./chess_view.js"
import {Connect4View} from "./connect4_view.js"
import {TicTacToeView} from "./tictactoe_view.js"

const VIEWS = {chess: ChessView, connect4: Connect4View, tictactoe: TicTacToeView}

const $ = (id) => document.getElementById(id)

const notices = new Notices({status: $("status"), list: $("notices")})
const panel = new AnalysisPanel({
    depth: $("depth"), score: $("score"), nps: $("nps"), nodes: $("nodes"), lines: $("lines"),
    bar: $("eval-bar"), barText: $("eval-text"),
})

const settings = {
    analysing: false,
    engineSide: null, // null, 0 (first player) or 1
    movetime: Number($("movetime").value),
    multipv: Number($("multipv").value),
}

let view = null
let shownKey = "" // the key of the shown position's snapshot, kept by positionChanged()
let token = new URLSearchParams(location.hash.slice(1)).get("token") ?? ""
// Read once, then taken out of the address: it stays out of the history,
// bookmarks and a screen being shared.
if (location.hash.includes("token=")) history.replaceState(null, "", location.pathname + location.search)
let tokenWanted = false

const socket = new EngineSocket({onLine: receive, onState: socketState})
const driver = new SearchDriver({
    send: (line) => socket.send(line),
    onInfo: (job, info) => {
        if (panel.update(job, info) && (info.multipv ?? 1) === 1 && job.snapshot.key === shownKey) {
            view.showBestMove(info.pv[0])
        }
    },
    onBestmove: (job, best, superseded) => {
        if (job.kind !== "play" || superseded || !best?.move) return
        // The user may have stepped elsewhere meanwhile: only the searched position gets the move.
        if (job.snapshot.key !== shownKey) return
        if (!view.playEngineMove(best.move)) notices.add("error", `the engine's move ${best.move} is not legal here`)
    },
})

function receive(line) {
    if (driver.receive(line)) return
    const text = parseInfoString(line)
    if (!text || text.kind === "text") return
    notices.add(text.kind, text.text)
    // A server that could not say it wants a token says so here: ask for one.
    if (text.kind === "error" && /\bauth/.test(text.text)) tokenWanted = true
}

function socketState(state, detail) {
    const texts = {
        [SOCKET_STATE.connecting]: "connecting…",
        [SOCKET_STATE.authenticating]: "authenticating…",
        [SOCKET_STATE.handshaking]: "starting the engine…",
        [SOCKET_STATE.ready]: "connected",
    }
    if (state === SOCKET_STATE.closed) {
        const why = detail.reason ? `: ${detail.reason}` : detail.code && detail.code !== 1000 ? ` (code ${detail.code})` : ""
        notices.setStatus(state, "disconnected" + why)
        driver.reset()
        // A token the server refused is corrected in its field, not retried as it was.
        $("reconnect").hidden = tokenWanted
        $("token-form").hidden = !tokenWanted
        return
    }
    notices.setStatus(state, texts[state])
    $("reconnect").hidden = true
    if (state === SOCKET_STATE.ready) {
        $("token-form").hidden = true
        driver.reset()
        driver.configure(["setoption name Game value " + view.game])
        decide()
    }
}

function connect() {
    socket.connect(socketUrl(), token)
}

// What the engine should be doing for the shown position.
function decide() {
    if (!socket.ready) return
    const snapshot = view.snapshot()
    const wanted = driver.wanted()
    const enginesTurn = settings.engineSide !== null && (settings.engineSide === 0) === snapshot.firstToMove
    let job = null
    // The engine plays only at the end of the game: stepping back through
    // the moves is for looking, and a move from there is the user's.
    if (!snapshot.over && enginesTurn && view.atEnd()) {
        job = {kind: "play", go: "go movetime " + settings.movetime}
    } else if (!snapshot.over && settings.analysing) {
        job = {kind: "analyse", go: "go infinite"}
    }
    if (!job) {
        driver.stop()
        return
    }
    job.snapshot = snapshot
    job.multipv = settings.multipv
    if (wanted && wanted.kind === job.kind && wanted.go === job.go &&
        wanted.multipv === job.multipv && wanted.snapshot.key === snapshot.key) return
    driver.start(job)
}

function positionChanged() {
    shownKey = view.snapshot().key
    panel.clear()
    view.showBestMove(null)
    renderMoves()
    $("result").textContent = view.resultText()
    if (view.game === "chess") $("fen").value = view.fen()
    decide()
}

function renderMoves() {
    const items = view.historyLabels().map(({label, ply}) => {
        const item = document.createElement("li")
        const button = document.createElement("button")
        button.type = "button"
        button.textContent = label
        if (ply === view.cursor) button.setAttribute("aria-current", "true")
        button.addEventListener("click", () => view.goTo(ply))
        item.appendChild(button)
        return item
    })
    $("moves").replaceChildren(...items)
    $("moves").querySelector("[aria-current]")?.scrollIntoView({block: "nearest"})
}

function mayMove(firstToMove) {
    return settings.engineSide === null || (settings.engineSide === 0) !== firstToMove
}

function chooseGame(game) {
    if (view) view.destroy()
    const board = $("board")
    board.dataset.game = game
    view = new VIEWS[game](board, {onChange: positionChanged})
    view.mayMove = mayMove
    for (const element of document.querySelectorAll("[data-games]")) {
        element.hidden = !element.dataset.games.split(" ").includes(game)
    }
    $("engine-side-first").textContent = view.sideNames[0]
    $("engine-side-second").textContent = view.sideNames[1]
    panel.setGame(game)
    if (settings.engineSide !== null && view.orient) view.orient(settings.engineSide === 1)
    showOrientation()
    if (socket.ready) driver.configure(["setoption name Game value " + game])
    positionChanged()
}

// The evaluation bar puts the side at the bottom of the board at its bottom.
function showOrientation() {
    $("eval-bar").classList.toggle("flipped", view.flipped === true)
}

function setAnalysing(on) {
    settings.analysing = on
    $("analyse").setAttribute("aria-pressed", String(on))
    $("analyse").textContent = on ? "Stop" : "Analyse"
    decide()
}

function bindControls() {
    $("game").addEventListener("change", (event) => chooseGame(event.target.value))
    $("analyse").addEventListener("click", () => setAnalysing(!settings.analysing))
    $("multipv").addEventListener("change", (event) => {
        settings.multipv = Number(event.target.value)
        decide()
    })
    $("engine-side").addEventListener("change", (event) => {
        settings.engineSide = event.target.value === "" ? null : Number(event.target.value)
        if (settings.engineSide !== null && view.orient) view.orient(settings.engineSide === 1)
        showOrientation()
        decide()
    })
    $("movetime").addEventListener("change", (event) => {
        settings.movetime = Number(event.target.value)
        decide()
    })
    $("first").addEventListener("click", () => view.goTo(0))
    $("back").addEventListener("click", () => view.back())
    $("forward").addEventListener("click", () => view.forward())
    $("last").addEventListener("click", () => view.goTo(Infinity))
    $("new-game").addEventListener("click", () => {
        if (socket.ready) driver.configure(["ucinewgame"])
        view.newGame()
    })
    $("flip").addEventListener("click", () => {
        view.flip()
        showOrientation()
    })
    $("load-form").addEventListener("submit", (event) => {
        event.preventDefault()
        const error = view.loadText($("load-text").value)
        if (error) notices.add("error", error)
        else if (socket.ready) driver.configure(["ucinewgame"])
    })
    $("token-form").addEventListener("submit", (event) => {
        event.preventDefault()
        token = $("token").value.trim()
        connect()
    })
    $("reconnect").addEventListener("click", connect)
    document.addEventListener("keydown", (event) => {
        if (event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return
        const actions = {
            ArrowLeft: () => view.back(), ArrowRight: () => view.forward(),
            Home: () => view.goTo(0), End: () => view.goTo(Infinity),
        }
        if (actions[event.key]) {
            event.preventDefault()
            actions[event.key]()
        }
    })
}

async function start() {
    bindControls()
    chooseGame($("game").value)
    tokenWanted = await serverWantsToken()
    if (tokenWanted) {
        $("token-form").hidden = false
        $("token").value = token
        if (!token) {
            notices.setStatus("closed", "token needed")
            return
        }
    } else {
        token = ""
    }
    connect()
}

start()
