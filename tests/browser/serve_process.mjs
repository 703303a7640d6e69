// `brudno serve` for the browser tests: started on free loopback ports, its
// output kept for the failure report, ready once its banner names the HTTP port.

import {spawn} from "node:child_process"
import readline from "node:readline"

// Starts the server at once (so a failing test can kill it whatever
// happens next); `ready` resolves with the host and port of its HTTP side.
export function launchServer(binary, log) {
    const process = spawn(binary, ["serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", "--threads", "1"],
        {stdio: ["ignore", "pipe", "pipe"]})
    const ready = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no 'http on' line from the server within 15 s")), 15_000)
        process.on("error", (error) => reject(new Error(`cannot start ${binary}: ${error.message}`)))
        process.on("exit", (code, signal) => reject(new Error(`the server exited (status ${code}, signal ${signal}) before serving`)))
        readline.createInterface({input: process.stderr}).on("line", (line) => log.push(line))
        readline.createInterface({input: process.stdout}).on("line", (line) => {
            log.push(line)
            const match = /^brudno serve: http on ([^\s]+):(\d+)$/.exec(line.trim())
            if (match) {
                clearTimeout(timer)
                resolve({host: match[1], port: Number(match[2])})
            }
        })
    })
    return {process, ready}
}
