// The connection status and the engine's error and warning lines, where the
// user sees them: an error the engine reports (a refused FEN, a full server)
// explains why nothing happens on the board.

const MAX_NOTICES = 5

export class Notices {
    // elements: {status (a badge), list (a <ul>)}
    constructor({status, list}) {
        this.status = status
        this.list = list
    }

    setStatus(state, text) {
        this.status.dataset.state = state
        this.status.textContent = text
    }

    // kind: "error" or "warning"
    add(kind, text) {
        const item = document.createElement("li")
        item.className = "notice " + kind
        const message = document.createElement("span")
        message.textContent = text
        const dismiss = document.createElement("button")
        dismiss.type = "button"
        dismiss.className = "dismiss"
        dismiss.textContent = "×"
        dismiss.title = "Dismiss"
        dismiss.addEventListener("click", () => item.remove())
        item.append(message, dismiss)
        this.list.prepend(item)
        while (this.list.children.length > MAX_NOTICES) this.list.lastElementChild.remove()
    }

    clear() {
        this.list.replaceChildren()
    }
}
