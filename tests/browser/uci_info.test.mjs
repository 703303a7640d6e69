// The page's reading of the engine's lines (protocol/web/uci_info.js), on
// lines as brudno prints them: scores from the side to move, shown from the
// first player's (White's) point of view.

import {test} from "node:test"
import assert from "node:assert/strict"
import {
    evalShare, formatScore, parseBestmove, parseInfo, parseInfoString, toFirstPlayerView,
} from "../../protocol/web/uci_info.js"

test("a centipawn line with every field", () => {
    const info = parseInfo("info depth 12 seldepth 29 multipv 1 score cp -28 nodes 522875 nps 1727182 " +
        "hashfull 189 tbhits 0 time 302 pv b8c6 g1f3 d7d5")
    assert.deepEqual(info, {
        depth: 12, seldepth: 29, multipv: 1, score: {type: "cp", value: -28}, nodes: 522875, nps: 1727182,
        hashfull: 189, tbhits: 0, time: 302, pv: ["b8c6", "g1f3", "d7d5"],
    })
})

test("White to move: the score stays as it is", () => {
    const view = toFirstPlayerView({type: "cp", value: 34}, true)
    assert.deepEqual(view, {type: "cp", value: 34})
    assert.equal(formatScore(view), "+0.34")
})

test("Black to move: the score is negated", () => {
    // After 1. e4 the engine reports -28 for Black: White stands +0.28.
    const info = parseInfo("info depth 12 multipv 1 score cp -28 nodes 10 nps 100 time 1 pv b8c6")
    const view = toFirstPlayerView(info.score, false)
    assert.deepEqual(view, {type: "cp", value: 28})
    assert.equal(formatScore(view), "+0.28")
    assert.equal(formatScore(toFirstPlayerView({type: "cp", value: 150}, false)), "-1.50")
    assert.equal(formatScore(toFirstPlayerView({type: "cp", value: 0}, false)), "0.00")
})

test("a mate for the side to move", () => {
    const info = parseInfo("info depth 5 seldepth 5 multipv 1 score mate 3 nodes 900 nps 90000 time 10 pv d1h5 g7g6 h5e5")
    assert.deepEqual(info.score, {type: "mate", value: 3})
    assert.equal(formatScore(toFirstPlayerView(info.score, true)), "#3")
    // Black mates in 3: White is lost.
    assert.equal(formatScore(toFirstPlayerView(info.score, false)), "#-3")
    assert.equal(evalShare(toFirstPlayerView(info.score, false)), 0)
})

test("a negative mate: the side to move is mated", () => {
    const info = parseInfo("info depth 8 seldepth 8 multipv 1 score mate -2 nodes 1 nps 1 time 1 pv e8d8 d1d7")
    assert.deepEqual(info.score, {type: "mate", value: -2})
    assert.equal(formatScore(toFirstPlayerView(info.score, true)), "#-2")
    // Black to move and mated in 2: White wins.
    const view = toFirstPlayerView(info.score, false)
    assert.deepEqual(view, {type: "mate", moves: 2, firstWins: true})
    assert.equal(formatScore(view), "#2")
    assert.equal(evalShare(view), 1)
})

test("mate 0: the side to move has been mated, whoever it is", () => {
    const info = parseInfo("info depth 0 seldepth 0 multipv 1 score mate 0 nodes 0 nps 0 hashfull 0 tbhits 0 time 0")
    assert.equal(info.pv, undefined)
    assert.equal(formatScore(toFirstPlayerView(info.score, false)), "1-0")
    assert.equal(formatScore(toFirstPlayerView(info.score, true)), "0-1")
})

test("MultiPV lines keep their rank", () => {
    const second = parseInfo("info depth 6 seldepth 6 multipv 2 score cp 0 nodes 1993 nps 372036 hashfull 0 tbhits 0 time 5 pv 4 3 5 2 1 4")
    assert.equal(second.multipv, 2)
    assert.deepEqual(second.pv, ["4", "3", "5", "2", "1", "4"])
    // Connect Four's small values are shown in their own units.
    assert.equal(formatScore(toFirstPlayerView({type: "cp", value: -2}, false), {pawns: false}), "+2")
    assert.equal(formatScore(toFirstPlayerView({type: "cp", value: 0}, true), {pawns: false}), "0")
})

test("bounds, WDL and currmove lines", () => {
    const bound = parseInfo("info depth 9 multipv 1 score cp 40 lowerbound wdl 120 800 80 nodes 5 pv e2e4")
    assert.deepEqual(bound.score, {type: "cp", value: 40, bound: "lowerbound"})
    assert.deepEqual(bound.wdl, [120, 800, 80])
    assert.equal(bound.nodes, 5)
    const current = parseInfo("info depth 13 currmove g1f3 currmovenumber 2")
    assert.deepEqual(current, {depth: 13, currmove: "g1f3", currmovenumber: 2})
})

test("other lines are not info lines", () => {
    assert.equal(parseInfo("bestmove e2e4 ponder e7e5"), null)
    assert.equal(parseInfo("info string error: unknown command 'hello'"), null)
    assert.deepEqual(parseBestmove("bestmove e2e4 ponder e7e5"), {move: "e2e4", ponder: "e7e5"})
    assert.deepEqual(parseBestmove("bestmove 4"), {move: "4", ponder: null})
    assert.deepEqual(parseBestmove("bestmove (none)"), {move: null, ponder: null})
    assert.deepEqual(parseInfoString("info string error: illegal move '5' in X../.X./... (position unchanged)"),
        {kind: "error", text: "error: illegal move '5' in X../.X./... (position unchanged)"})
    assert.equal(parseInfoString("info string authenticated").kind, "text")
})

test("the evaluation bar's share", () => {
    assert.equal(evalShare(null), 0.5)
    assert.equal(evalShare({type: "cp", value: 0}), 0.5)
    assert.ok(evalShare({type: "cp", value: 300}) > 0.6)
    assert.ok(evalShare({type: "cp", value: -300}) < 0.4)
})
