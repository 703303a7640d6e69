// The moves of a game and the place in them that the board shows. A move made
// while looking at an earlier position replaces the moves after it, as on a
// paper scoresheet corrected in place.

export class MoveHistory {
    constructor() {
        this.moves = []
        this.cursor = 0
    }

    reset(moves = []) {
        this.moves = moves.slice()
        this.cursor = this.moves.length
    }

    // The moves up to the shown position.
    played() {
        return this.moves.slice(0, this.cursor)
    }

    push(move) {
        this.moves.length = this.cursor
        this.moves.push(move)
        this.cursor = this.moves.length
    }

    atEnd() {
        return this.cursor === this.moves.length
    }

    // Moves the cursor to ply (clamped); true when it moved.
    goTo(ply) {
        const target = Math.max(0, Math.min(this.moves.length, ply))
        if (target === this.cursor) return false
        this.cursor = target
        return true
    }

    back() {
        return this.goTo(this.cursor - 1)
    }

    forward() {
        return this.goTo(this.cursor + 1)
    }
}
