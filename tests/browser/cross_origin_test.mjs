// Another web page may not drive the engine: headless Chromium opens a page
// served from another port, whose script opens a WebSocket to
// `brudno serve --http`; the server refuses it (the browser's Origin names the
// other page). A page reached under another host name that resolves to the
// server (DNS rebinding, here by Chromium's resolver rules) gets 403 for
// everything. The server's own page still opens its socket and is answered.
//
//   node tests/browser/cross_origin_test.mjs SERVER_BINARY
//
// Exit status: 0 passed, 1 failed (saying what), 77 skipped (no Chromium, or
// puppeteer-core not installed: tools/setup.sh installs both).

import {existsSync} from "node:fs"
import http from "node:http"
import {createRequire} from "node:module"
import path from "node:path"
import {fileURLToPath, pathToFileURL} from "node:url"

import {launchServer} from "./serve_process.mjs"

const NAME = "Browser.OtherPagesCannotOpenTheSocket"
const WHOLE_TEST_MS = 60_000 // under CTest's TIMEOUT, so that a hang fails with a message

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../protocol/web")
const [serverBinary] = process.argv.slice(2)

function skip(why) {
    console.log(`${NAME}: skipped: ${why}`)
    process.exit(77)
}

if (!serverBinary) {
    console.log("usage: node cross_origin_test.mjs SERVER_BINARY")
    process.exit(1)
}

const chromium = [process.env.BRUDNO_CHROMIUM, process.env.PUPPETEER_EXECUTABLE_PATH,
    "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) => candidate && existsSync(candidate))
if (!chromium) skip("Chromium not found (/usr/bin/chromium; tools/setup.sh installs Debian's chromium)")
if (!existsSync(path.join(webDir, "node_modules", "puppeteer-core", "package.json"))) {
    skip("protocol/web/node_modules/puppeteer-core is missing (tools/setup.sh runs npm ci there)")
}
const require = createRequire(path.join(webDir, "package.json"))
const puppeteer = (await import(pathToFileURL(require.resolve("puppeteer-core")).href)).default

let server = null
let browser = null
let otherSite = null
const serverLog = []

async function cleanUp() {
    if (browser) await browser.close().catch(() => {})
    if (otherSite) otherSite.close()
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL")
}

async function fail(message) {
    console.log(`${NAME}: FAILED: ${message}`)
    if (serverLog.length) console.log("server output (last lines):\n  " + serverLog.slice(-15).join("\n  "))
    await cleanUp()
    process.exit(1)
}

const watchdog = setTimeout(() => fail(`the whole test took more than ${WHOLE_TEST_MS / 1000} s`), WHOLE_TEST_MS)

// Starts the server and resolves with its HTTP port, read from its banner.
async function startServer() {
    const launched = launchServer(serverBinary, serverLog)
    server = launched.process
    return (await launched.ready).port
}

// A plain page on another port of the same machine: another origin.
function startOtherSite() {
    return new Promise((resolve) => {
        otherSite = http.createServer((request, response) => {
            response.writeHead(200, {"Content-Type": "text/html; charset=utf-8"})
            response.end("<!doctype html><title>another site</title><p>nothing to see</p>\n")
        })
        otherSite.listen(0, "127.0.0.1", () => resolve(otherSite.address().port))
    })
}

// Run in a page: opens the engine's socket, sends isready, and says what
// happened: "readyok", or "refused" when the socket fails or closes first.
function tryTheSocket(url) {
    return new Promise((resolve) => {
        const socket = new WebSocket(url)
        const timer = setTimeout(() => resolve("no answer within 10 s"), 10_000)
        const done = (what) => {
            clearTimeout(timer)
            resolve(what)
        }
        socket.onopen = () => socket.send("isready")
        socket.onmessage = (event) => {
            if (event.data === "readyok") done("readyok")
        }
        socket.onerror = () => done("refused")
        socket.onclose = () => done("refused")
    })
}

try {
    const port = await startServer()
    const otherPort = await startOtherSite()
    const socketUrl = `ws://127.0.0.1:${port}/uci`
    const asRoot = typeof process.getuid === "function" && process.getuid() === 0
    browser = await puppeteer.launch({
        executablePath: chromium,
        headless: true,
        args: [...(asRoot ? ["--no-sandbox"] : []), "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--no-default-browser-check",
            // evil.example resolves to the server's machine, as a rebinding attacker makes it.
            "--host-resolver-rules=MAP evil.example 127.0.0.1"],
    })
    const page = await browser.newPage()

    await page.goto(`http://127.0.0.1:${otherPort}/`)
    const fromOtherPage = await page.evaluate(tryTheSocket, socketUrl)
    if (fromOtherPage !== "refused") await fail(`a page of another origin opened the socket: ${fromOtherPage}`)
    console.log(`${NAME}: the page at port ${otherPort} was refused the socket`)

    const rebound = await page.goto(`http://evil.example:${port}/`)
    if (!rebound || rebound.status() !== 403) {
        await fail(`the page under a rebound host name got ${rebound ? rebound.status() : "no response"}, not 403`)
    }
    const fromRebound = await page.evaluate(tryTheSocket, `ws://evil.example:${port}/uci`)
    if (fromRebound !== "refused") await fail(`a rebound page opened the socket: ${fromRebound}`)
    console.log(`${NAME}: the rebound host name got 403 and no socket`)

    const own = await page.goto(`http://127.0.0.1:${port}/`)
    if (!own || own.status() !== 200) await fail(`the server's own page got ${own ? own.status() : "no response"}`)
    const fromOwnPage = await page.evaluate(tryTheSocket, socketUrl)
    if (fromOwnPage !== "readyok") await fail(`the server's own page could not use its socket: ${fromOwnPage}`)
    console.log(`${NAME}: the server's own page got readyok`)

    if (!serverLog.some((line) => line.includes("refused a WebSocket from the page of origin"))) {
        await fail("the refusal was not logged")
    }
    clearTimeout(watchdog)
    await cleanUp()
    console.log(`${NAME}: passed`)
    process.exit(0)
} catch (error) {
    await fail(error.message)
}
