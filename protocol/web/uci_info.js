// Reading the engine's `info` and `bestmove` lines (docs/protocol.md, "info and
// bestmove"), and turning a score from the side to move's point of view into
// the first player's (White, X, x), which is how a board is read by people.
// No DOM here: Node's test runner checks this module as it is.

// Fields followed by one integer, in the order Stockfish prints them.
const INTEGER_FIELDS = new Set([
    "depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "time",
    "currmovenumber", "cpuload",
])

// Parses `info ...`; null for anything else and for `info string ...`, which
// carries text, not a search report.
export function parseInfo(line) {
    const words = line.trim().split(/\s+/)
    if (words[0] !== "info" || words[1] === "string") return null
    const info = {}
    for (let i = 1; i < words.length; i++) {
        const word = words[i]
        if (INTEGER_FIELDS.has(word)) {
            const value = Number.parseInt(words[i + 1], 10)
            if (!Number.isNaN(value)) info[word] = value
            i++
        } else if (word === "score") {
            const type = words[i + 1]
            const value = Number.parseInt(words[i + 2], 10)
            if ((type === "cp" || type === "mate") && !Number.isNaN(value)) {
                info.score = {type, value}
            }
            i += 2
            // A bound follows the score when the search failed high or low.
            if (words[i + 1] === "lowerbound" || words[i + 1] === "upperbound") {
                if (info.score) info.score.bound = words[i + 1]
                i++
            }
        } else if (word === "wdl") {
            info.wdl = words.slice(i + 1, i + 4).map((w) => Number.parseInt(w, 10))
            i += 3
        } else if (word === "currmove") {
            info.currmove = words[++i]
        } else if (word === "pv") {
            // The pv is the rest of the line.
            info.pv = words.slice(i + 1)
            break
        }
    }
    return info
}

// `bestmove M [ponder P]`: {move, ponder}; move is null for `(none)`, which
// the engine answers when the game is already over.
export function parseBestmove(line) {
    const words = line.trim().split(/\s+/)
    if (words[0] !== "bestmove") return null
    const move = words[1] && words[1] !== "(none)" ? words[1] : null
    const ponder = words[2] === "ponder" && words[3] ? words[3] : null
    return {move, ponder}
}

// `info string error: ...` and `info string warning: ...`: the text after
// `info string `, with its kind; null for other lines.
export function parseInfoString(line) {
    const match = /^info string (.*)$/.exec(line.trim())
    if (!match) return null
    const text = match[1]
    const kind = text.startsWith("error:") ? "error" : text.startsWith("warning:") ? "warning" : "text"
    return {kind, text}
}

// The score from the first player's point of view. The engine reports it from
// the side to move's; `mate 0` means the side to move has lost, so the winner
// is kept apart from the sign, which -0 would lose.
export function toFirstPlayerView(score, firstToMove) {
    if (!score) return null
    if (score.type === "cp") {
        const value = firstToMove ? score.value : -score.value
        return {type: "cp", value: value === 0 ? 0 : value}
    }
    const moverWins = score.value > 0
    const firstWins = firstToMove ? moverWins : !moverWins
    return {type: "mate", moves: Math.abs(score.value), firstWins}
}

// Text for a first-player score: chess centipawns as pawns with a sign
// (+0.34), other games' small integer values as they are (+2); mates as #N
// for a first-player win and #-N for a loss; a finished game as 1-0 / 0-1.
export function formatScore(view, {pawns = true} = {}) {
    if (!view) return ""
    if (view.type === "cp") {
        if (view.value === 0) return pawns ? "0.00" : "0"
        const sign = view.value > 0 ? "+" : "-"
        const magnitude = Math.abs(view.value)
        return sign + (pawns ? (magnitude / 100).toFixed(2) : String(magnitude))
    }
    if (view.moves === 0) return view.firstWins ? "1-0" : "0-1"
    return (view.firstWins ? "#" : "#-") + view.moves
}

// The first player's share of the evaluation bar, 0..1: a logistic curve of
// the score (scale: the value at which the bar stands at about 73%), and the
// whole bar for a mate.
export function evalShare(view, scale = 400) {
    if (!view) return 0.5
    if (view.type === "mate") return view.firstWins ? 1 : 0
    return 1 / (1 + Math.exp(-view.value / scale))
}
