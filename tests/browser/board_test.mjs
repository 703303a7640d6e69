// The web page in a real browser against a real server: `brudno serve --http`
// is started, headless Chromium loads its page, a chess move is played
// through the board, analysis is started, and an analysis line in SAN and the
// best move's arrow must appear; then Connect Four is chosen, a column is
// played, and an analysis line must appear again.
//
//   node tests/browser/board_test.mjs SERVER_BINARY SCREENSHOT.png
//
// Exit status: 0 passed, 1 failed (saying what), 77 skipped (no Chromium, or
// the page's packages not installed: tools/setup.sh installs both).

import {existsSync, mkdirSync} from "node:fs"
import {createRequire} from "node:module"
import path from "node:path"
import {fileURLToPath, pathToFileURL} from "node:url"

import {launchServer} from "./serve_process.mjs"

const NAME = "Browser.BoardShowsLiveAnalysis"
const BOUND_MS = 30_000 // for each thing the page must show
const WHOLE_TEST_MS = 150_000 // under CTest's TIMEOUT, so that a hang fails with a message

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../protocol/web")
const [serverBinary, screenshotPath] = process.argv.slice(2)

function skip(why) {
    console.log(`${NAME}: skipped: ${why}`)
    process.exit(77)
}

if (!serverBinary || !screenshotPath) {
    console.log("usage: node board_test.mjs SERVER_BINARY SCREENSHOT.png")
    process.exit(1)
}

function findChromium() {
    const candidates = [process.env.BRUDNO_CHROMIUM, process.env.PUPPETEER_EXECUTABLE_PATH,
        "/usr/bin/chromium", "/usr/bin/chromium-browser"]
    return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null
}

const chromium = findChromium()
if (!chromium) skip("Chromium not found (/usr/bin/chromium; tools/setup.sh installs Debian's chromium)")
for (const pkg of ["puppeteer-core", "cm-chessboard", "chess.js"]) {
    if (!existsSync(path.join(webDir, "node_modules", pkg, "package.json"))) {
        skip(`protocol/web/node_modules/${pkg} is missing (tools/setup.sh runs npm ci there)`)
    }
}

// puppeteer-core is the page's dev dependency, installed in protocol/web.
const require = createRequire(path.join(webDir, "package.json"))
const puppeteer = (await import(pathToFileURL(require.resolve("puppeteer-core")).href)).default

let server = null
let browser = null
let serverLog = []

function log(message) {
    console.log(`${NAME}: ${message}`)
}

async function fail(message) {
    console.log(`${NAME}: FAILED: ${message}`)
    if (serverLog.length) console.log("server output (last lines):\n  " + serverLog.slice(-15).join("\n  "))
    await cleanUp()
    process.exit(1)
}

async function cleanUp() {
    if (browser) await browser.close().catch(() => {})
    browser = null
    if (server && server.exitCode === null && server.signalCode === null) {
        server.kill("SIGKILL")
    }
}

const watchdog = setTimeout(() => fail(`the whole test took more than ${WHOLE_TEST_MS / 1000} s`), WHOLE_TEST_MS)

// Starts the server and resolves with its HTTP host and port, read from its banner.
function startServer() {
    const launched = launchServer(serverBinary, serverLog)
    server = launched.process
    return launched.ready
}

// Stops the server as an operator would; it must exit, with status 0, soon.
function stopServer() {
    return new Promise((resolve, reject) => {
        if (server.exitCode !== null) return reject(new Error(`the server had already exited with status ${server.exitCode}`))
        const timer = setTimeout(() => reject(new Error("the server did not exit within 10 s of SIGTERM")), 10_000)
        server.removeAllListeners("exit")
        server.on("exit", (code, signal) => {
            clearTimeout(timer)
            if (code === 0) resolve()
            else reject(new Error(`the server exited with status ${code}, signal ${signal} after SIGTERM`))
        })
        server.kill("SIGTERM")
    })
}

// Waits until fn (run in the page) returns a truthy value; fails naming what was awaited.
async function waitInPage(page, what, fn, ...args) {
    try {
        const handle = await page.waitForFunction(fn, {timeout: BOUND_MS, polling: 100}, ...args)
        return await handle.jsonValue()
    } catch {
        const state = await page.evaluate(() => ({
            status: document.getElementById("status")?.textContent,
            notices: [...document.querySelectorAll("#notices li span")].map((e) => e.textContent),
            lines: [...document.querySelectorAll("#lines li")].map((e) => e.textContent),
            moves: document.getElementById("moves")?.textContent,
        })).catch(() => ({}))
        throw new Error(`${what} did not happen within ${BOUND_MS / 1000} s; page: ${JSON.stringify(state)}`)
    }
}

async function clickCentre(page, selector) {
    const element = await page.$(selector)
    if (!element) throw new Error(`no element ${selector} on the page`)
    const box = await element.boundingBox()
    if (!box) throw new Error(`${selector} is not visible`)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

// A SAN move: piece letter, optional origin, capture, square, promotion, check; or castling.
const SAN = String.raw`(?:[NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=[NBRQ])?|O-O(?:-O)?)[+#]?`

try {
    const {host, port} = await startServer()
    const url = `http://${host}:${port}/`
    log(`server at ${url}`)

    const asRoot = typeof process.getuid === "function" && process.getuid() === 0
    browser = await puppeteer.launch({
        executablePath: chromium,
        headless: true,
        args: [...(asRoot ? ["--no-sandbox"] : []), "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check"],
    })
    const page = await browser.newPage()
    await page.setViewport({width: 1200, height: 820})
    const pageErrors = []
    page.on("pageerror", (error) => pageErrors.push(error.message))
    page.on("requestfailed", (request) => pageErrors.push(`request failed: ${request.url()}`))
    page.on("response", (response) => {
        if (response.status() >= 400) pageErrors.push(`HTTP ${response.status()} for ${response.url()}`)
    })
    // Whatever the Content-Security-Policy blocks is a fault of the page or of the policy.
    page.on("console", (message) => {
        if (message.text().includes("Content Security Policy")) pageErrors.push(message.text())
    })

    // The page as a link with a token opens it: the token is read, then taken
    // out of the address.
    const response = await page.goto(`${url}#token=0123456789abcdef-not-used`, {waitUntil: "load"})
    const headers = response.headers()
    if (!headers["content-security-policy"]?.includes("script-src 'self' 'sha256-")) {
        await fail(`the page came without its Content-Security-Policy: ${headers["content-security-policy"]}`)
    }
    if (headers["x-content-type-options"] !== "nosniff") await fail("the page came without X-Content-Type-Options: nosniff")
    await waitInPage(page, "the connection to the engine",
        () => document.getElementById("status")?.dataset.state === "ready")
    await waitInPage(page, "the #token= taken out of the address", () => location.hash === "" && location.pathname === "/")
    log("page loaded and connected, its token out of the address")

    // 1. e4 through the board: a click on the pawn, a click on its target.
    await page.waitForSelector('#board rect.square[data-square="e2"]')
    await clickCentre(page, '#board rect.square[data-square="e2"]')
    await clickCentre(page, '#board rect.square[data-square="e4"]')
    await waitInPage(page, "the move 1. e4 in the move list",
        () => document.getElementById("moves")?.textContent.includes("1. e4"))
    log("played 1. e4 on the board")

    await page.click("#analyse")
    const chessLine = await waitInPage(page, "a chess analysis line with a SAN move",
        (san) => {
            const moves = document.querySelector("#lines li .line-moves")?.textContent ?? ""
            return new RegExp("^1\\.\\.\\. " + san).test(moves) ? moves : false
        }, SAN)
    log(`analysis line: ${chessLine}`)
    await waitInPage(page, "the best move's arrow on the board",
        () => document.querySelectorAll("#board .arrows .arrow").length > 0)
    const score = await page.$eval("#score", (e) => e.textContent)
    if (!/^([+-]\d+\.\d\d|0\.00|#-?\d+)$/.test(score)) throw new Error(`the score reads '${score}'`)
    log(`best-move arrow shown; score ${score}`)
    mkdirSync(path.dirname(screenshotPath), {recursive: true})
    await page.screenshot({path: screenshotPath})
    log(`screenshot ${screenshotPath}`)

    // Connect Four: the game menu, a column, and analysis again.
    await page.select("#game", "connect4")
    await page.waitForSelector('#board rect.hit[data-move="4"]')
    await clickCentre(page, '#board rect.hit[data-move="4"]')
    await waitInPage(page, "the move x4 in the Connect Four move list",
        () => document.getElementById("moves")?.textContent.includes("1. x4"))
    const c4Line = await waitInPage(page, "a Connect Four analysis line",
        () => {
            const moves = document.querySelector("#lines li .line-moves")?.textContent ?? ""
            return /^o[1-7]( [xo][1-7])*$/.test(moves) ? moves : false
        })
    log(`Connect Four analysis line: ${c4Line}`)
    await page.screenshot({path: screenshotPath.replace(/\.png$/, "") + "-connect4.png"})

    if (pageErrors.length) throw new Error("the page reported errors: " + pageErrors.join("; "))
    await page.click("#analyse")
    await browser.close()
    browser = null
    await stopServer()
    clearTimeout(watchdog)
    log("passed")
    process.exit(0)
} catch (error) {
    await fail(error.message)
}
