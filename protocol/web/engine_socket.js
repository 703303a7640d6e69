// The WebSocket to the engine: one protocol line per message each way, the
// token first when the server asks for one, then `uci` until `uciok`. Lines
// and state changes reach the page through callbacks.

export const SOCKET_STATE = {
    closed: "closed",
    connecting: "connecting",
    authenticating: "authenticating",
    handshaking: "handshaking",
    ready: "ready",
}

// ws:// next to http://, wss:// next to https://, at the page's own path, so
// that the page also works behind a proxy that serves it below a prefix.
export function socketUrl(location = window.location) {
    const url = new URL("uci", location.href)
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:"
    url.hash = ""
    url.search = ""
    return url.href
}

// Asks the server whether it wants a token; a server that cannot say is
// taken to want none, and its own answer to the socket will tell otherwise.
export async function serverWantsToken() {
    try {
        const response = await fetch("server.json", {cache: "no-store"})
        if (!response.ok) return false
        const body = await response.json()
        return body.token === true
    } catch {
        return false
    }
}

export class EngineSocket {
    constructor({onLine = () => {}, onState = () => {}} = {}) {
        this.onLine = onLine
        this.onState = onState
        this.state = SOCKET_STATE.closed
        this.socket = null
    }

    connect(url, token = "") {
        this.close()
        const socket = new WebSocket(url)
        this.socket = socket
        this.setState(SOCKET_STATE.connecting)
        socket.addEventListener("open", () => {
            if (socket !== this.socket) return
            if (token) {
                this.setState(SOCKET_STATE.authenticating)
                socket.send("auth " + token)
            } else {
                this.startHandshake()
            }
        })
        socket.addEventListener("message", (event) => {
            if (socket !== this.socket) return
            for (const line of String(event.data).split(/\r?\n/)) {
                if (line !== "") this.receive(line)
            }
        })
        socket.addEventListener("close", (event) => {
            if (socket !== this.socket) return
            this.socket = null
            this.setState(SOCKET_STATE.closed, {code: event.code, reason: event.reason})
        })
    }

    receive(line) {
        if (this.state === SOCKET_STATE.authenticating && line === "info string authenticated") {
            this.startHandshake()
        } else if (this.state === SOCKET_STATE.handshaking && line === "uciok") {
            this.setState(SOCKET_STATE.ready)
        }
        this.onLine(line)
    }

    startHandshake() {
        this.setState(SOCKET_STATE.handshaking)
        this.socket.send("uci")
    }

    send(line) {
        if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false
        this.socket.send(line)
        return true
    }

    get ready() {
        return this.state === SOCKET_STATE.ready
    }

    close() {
        const socket = this.socket
        this.socket = null
        if (socket) {
            socket.close()
            this.setState(SOCKET_STATE.closed, {code: 1000, reason: "closed by the page"})
        }
    }

    setState(state, detail = {}) {
        this.state = state
        this.onState(state, detail)
    }
}
