// The analysis panel: depth, score, speed and the principal lines of the
// running search, and the evaluation bar. Scores arrive from the side to
// move's point of view and are shown from the first player's.

import {evalShare, formatScore, toFirstPlayerView} from "./uci_info.js"

// Three significant digits with a unit prefix: the panel is narrow on a phone.
function formatCount(n) {
    for (const [size, prefix] of [[1e9, "G"], [1e6, "M"], [1e3, "k"]]) {
        if (n >= size) return Number((n / size).toPrecision(3)) + prefix
    }
    return String(n)
}

export class AnalysisPanel {
    // elements: {depth, score, nps, nodes, lines (an <ol>), bar (the fill), barText}
    constructor(elements) {
        this.el = elements
        this.scoreStyle = {pawns: true}
        this.scale = 400
        this.clear()
    }

    // How a game's scores read: chess in pawns, the others in their own units.
    setGame(game) {
        this.scoreStyle = {pawns: game === "chess"}
        this.scale = game === "chess" ? 400 : 4
        this.clear()
    }

    clear() {
        this.lines = []
        this.el.depth.textContent = "–"
        this.el.score.textContent = "–"
        this.el.nps.textContent = "–"
        this.el.nodes.textContent = "–"
        this.el.lines.replaceChildren()
        this.setBar(null)
    }

    // An info line of the search of job; false when it carried no line to show.
    update(job, info) {
        if (!info.score || !info.pv || info.pv.length === 0) return false
        const rank = info.multipv ?? 1
        if (rank > job.multipv) return false
        const view = toFirstPlayerView(info.score, job.snapshot.firstToMove)
        this.lines[rank - 1] = {
            depth: info.depth,
            score: formatScore(view, this.scoreStyle),
            bound: info.score.bound,
            text: job.snapshot.describePv(info.pv),
        }
        this.lines.length = Math.min(this.lines.length, job.multipv)
        if (rank === 1) {
            this.el.depth.textContent = info.seldepth ? `${info.depth}/${info.seldepth}` : String(info.depth ?? "–")
            this.el.score.textContent = formatScore(view, this.scoreStyle)
            this.setBar(view)
        }
        if (info.nps !== undefined) this.el.nps.textContent = formatCount(info.nps) + " n/s"
        if (info.nodes !== undefined) this.el.nodes.textContent = formatCount(info.nodes)
        this.renderLines()
        return true
    }

    renderLines() {
        const items = this.lines.filter(Boolean).map((line) => {
            const item = document.createElement("li")
            const score = document.createElement("span")
            score.className = "line-score"
            score.textContent = line.score + (line.bound === "lowerbound" ? "↑" : line.bound === "upperbound" ? "↓" : "")
            const moves = document.createElement("span")
            moves.className = "line-moves"
            moves.textContent = line.text
            item.append(score, moves)
            return item
        })
        this.el.lines.replaceChildren(...items)
    }

    setBar(view) {
        const share = evalShare(view, this.scale)
        this.el.bar.style.setProperty("--first-share", (share * 100).toFixed(1) + "%")
        this.el.barText.textContent = view ? formatScore(view, this.scoreStyle) : ""
    }
}
