// One search at a time over the socket. A new request while a search runs
// sends `stop` and waits for that search's `bestmove` before it sends its own
// `position` and `go`: the lines of the old search never mix with the new
// one's, so every `info` line is read against the position it belongs to.

import {parseBestmove, parseInfo} from "./uci_info.js"

export class SearchDriver {
    // send(line) -> bool; onInfo(job, info); onBestmove(job, {move, ponder}, superseded)
    constructor({send, onInfo = () => {}, onBestmove = () => {}}) {
        this.send = send
        this.onInfo = onInfo
        this.onBestmove = onBestmove
        this.reset()
    }

    // A new connection: nothing runs, no option is known to be set.
    reset() {
        this.running = null
        this.stopSent = false
        this.pending = null
        this.queued = []
        this.multipv = null
    }

    // job: {snapshot, go, multipv, kind}. Replaces any request not yet started.
    start(job) {
        this.pending = job
        if (this.running) this.requestStop()
        else this.flush()
    }

    stop() {
        this.pending = null
        if (this.running) this.requestStop()
    }

    // Lines (setoption, ucinewgame) to send once no search runs, before the
    // next search. They wait because the engine would hold them behind an
    // infinite search anyway, and a new Game resets the engine's MultiPV view.
    configure(lines) {
        this.queued.push(...lines)
        if (lines.some((line) => /^setoption name Game /i.test(line))) this.multipv = null
        if (this.running) this.requestStop()
        else this.flush()
    }

    // The job whose result is still wanted: the pending one, else the running one unless stopped.
    wanted() {
        if (this.pending) return this.pending
        return this.running && !this.stopSent ? this.running : null
    }

    requestStop() {
        if (this.stopSent) return
        this.stopSent = true
        this.send("stop")
    }

    flush() {
        for (const line of this.queued.splice(0)) this.send(line)
        const job = this.pending
        if (!job) return
        this.pending = null
        if (job.multipv !== this.multipv) {
            this.send("setoption name MultiPV value " + job.multipv)
            this.multipv = job.multipv
        }
        this.send(job.snapshot.positionCommand)
        if (this.send(job.go)) {
            this.running = job
            this.stopSent = false
        }
    }

    // Takes an engine line; true when it was a search's.
    receive(line) {
        if (!this.running) return false
        if (line.startsWith("bestmove")) {
            const job = this.running
            const superseded = this.stopSent || this.pending !== null
            this.running = null
            this.stopSent = false
            this.onBestmove(job, parseBestmove(line), superseded)
            if (!this.running) this.flush()
            return true
        }
        const info = parseInfo(line)
        if (!info) return false
        if (!this.stopSent) this.onInfo(this.running, info)
        return true
    }
}
