import { rm } from 'node:fs/promises'
import { createServer, type Socket } from 'node:net'
import type { PGlite } from '@electric-sql/pglite'

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
/** Message types that end a batch the client expects answers to: Sync, simple Query, Flush. */
const BATCH_END = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0), 'H'.charCodeAt(0)])
/** After a Flush the client sends the rest of its extended query; it keeps its turn until then. */
const FLUSH = 'H'.charCodeAt(0)
const TERMINATE = 'X'.charCodeAt(0)

interface Connection {
  socket: Socket
  chain: Promise<void>
}

/**
 * Serves one PGlite database to PostgreSQL clients on a Unix socket. PGlite is a single session,
 * so clients take turns: a client's messages up to its Sync (or simple Query) run as one
 * uninterrupted batch, and a client that leaves a transaction open keeps the database until it
 * ends it. Statements of two clients therefore never interleave, whether prepared or in a
 * transaction. (The socket server of `@electric-sql/pglite-socket` queues single messages, which
 * lets two clients' Parse/Bind steps cross.)
 */
export async function servePglite(pglite: PGlite, socketPath: string): Promise<{ close(): Promise<void> }> {
  let owner: Connection | null = null
  let busy = false
  const waiting: { connection: Connection; start: () => void }[] = []

  function pump() {
    if (busy) return
    const index = waiting.findIndex((entry) => owner === null || entry.connection === owner)
    if (index === -1) return
    const [next] = waiting.splice(index, 1)
    busy = true
    next!.start()
  }

  async function turn<T>(connection: Connection, work: () => Promise<T>, keepTurn = false): Promise<T> {
    await new Promise<void>((start) => {
      waiting.push({ connection, start })
      pump()
    })
    try {
      return await work()
    } finally {
      owner = keepTurn || pglite.isInTransaction() ? connection : null
      busy = false
      pump()
    }
  }

  function runBatch(connection: Connection, messages: Uint8Array[]) {
    const keepTurn = messages.at(-1)?.[0] === FLUSH
    connection.chain = connection.chain
      .then(() =>
        turn(
          connection,
          () =>
            pglite.runExclusive(async () => {
              for (const message of messages) {
                await pglite.execProtocolRawStream(message, {
                  onRawData: (data) => {
                    // PGlite reuses the memory behind `data` for its next answer: send a copy.
                    if (connection.socket.writable) connection.socket.write(Buffer.from(data))
                  },
                })
              }
            }),
          keepTurn,
        ),
      )
      .catch(() => {
        connection.socket.destroy()
      })
  }

  function release(connection: Connection) {
    for (let index = waiting.length - 1; index >= 0; index--) if (waiting[index]!.connection === connection) waiting.splice(index, 1)
    connection.chain = connection.chain.then(async () => {
      if (owner !== connection) return
      await turn(connection, () => pglite.exec('ROLLBACK'))
    })
  }

  const server = createServer((socket) => {
    const connection: Connection = { socket, chain: Promise.resolve() }
    let buffer = Buffer.alloc(0)
    let started = false
    let batch: Uint8Array[] = []
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return
          const length = buffer.readInt32BE(0)
          const code = buffer.readInt32BE(4)
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            socket.write('N')
            buffer = buffer.subarray(8)
            continue
          }
          if (buffer.length < length) return
          const message = new Uint8Array(buffer.subarray(0, length))
          buffer = buffer.subarray(length)
          if (code === CANCEL_REQUEST) {
            socket.end()
            return
          }
          started = true
          runBatch(connection, [message])
          continue
        }
        if (buffer.length < 5) return
        const total = 1 + buffer.readInt32BE(1)
        if (buffer.length < total) return
        const type = buffer[0]!
        const message = new Uint8Array(buffer.subarray(0, total))
        buffer = buffer.subarray(total)
        if (type === TERMINATE) {
          socket.end()
          return
        }
        batch.push(message)
        if (BATCH_END.has(type)) {
          runBatch(connection, batch)
          batch = []
        }
      }
    })
    socket.on('error', () => socket.destroy())
    socket.on('close', () => release(connection))
  })

  await rm(socketPath, { force: true })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return {
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
