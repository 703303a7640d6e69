#pragma once
// One client of the line protocol: its stream (TCP or TLS, or a WebSocket over
// either, one line per message), its own UCI session and its output queue.
// Every handler of a connection runs on its strand; search threads never
// touch the stream, they only post whole lines to the strand.
//
// Its jobs, a file each: the transport (connection_stream.hpp: the stream
// variant), the session's start and its lines (tcp_connection.cpp), the
// read loop and the lines held behind a job (tcp_connection_reading.cpp),
// the guard of authentication and the grace and idle timers
// (tcp_connection_guard.cpp), the write queue with its backlog and its
// deadline (tcp_connection_writing.cpp), and the closing with its linger
// (tcp_connection_closing.cpp).

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

#include "protocol/connection_stream.hpp"
#include "protocol/handshake_turns.hpp"
#include "protocol/held_lines.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/server_state.hpp"
#include "protocol/uci_session.hpp"
#include "protocol/write_deadline.hpp"

namespace brudno::protocol {

class TcpConnection : public ServerConnection, public std::enable_shared_from_this<TcpConnection> {
 public:
  using Socket = ConnectionStream::Socket;
  using WebSocket = ConnectionStream::WebSocket;
  // Lines over TCP or TLS, or one line a message over a WebSocket.
  using Stream = ConnectionStream::Variant;

  // Without a token the caller has counted the connection as a session; with
  // one, it becomes a session when it authenticates. Its table is reserved
  // in the server's budget when the session first needs one, and given back
  // when it closes.
  // With `tls`, the connection speaks TLS with that context's certificate
  // (kept for the connection's life, whatever SIGHUP loads meanwhile).
  TcpConnection(Socket socket, std::uint64_t id, ServerState& server,
                std::shared_ptr<boost::asio::ssl::context> tls = nullptr);
  // A WebSocket whose upgrade (and TLS handshake) is done: each message it
  // reads holds one or more lines; each line it writes is one text message.
  TcpConnection(Stream websocket, std::uint64_t id, ServerState& server);
  ~TcpConnection() override;
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;

  void start();
  // Server shutdown: stops the search, sends its bestmove and whatever else
  // is queued, then closes. Called on the server's I/O thread, which runs
  // every handler of every connection.
  void shut_down() override;
  // Too many connections wait to authenticate, or its port is at its cap,
  // and this one has waited longest.
  void close_unauthenticated(Room room) override;
  [[nodiscard]] Waiting waiting_state() override;
  [[nodiscard]] std::uint64_t id() const { return id_; }
  // Its address's handshake turn has come (HandshakeTurn): false when it has
  // closed meanwhile, otherwise its TLS handshake starts.
  bool begin_handshake_turn();

 private:
  // The session's output: posts each line to the connection's strand.
  class Sink final : public LineSink {
   public:
    void write_line(std::string_view line) override;
    std::weak_ptr<TcpConnection> connection;
  };

  // --- the session's start and its lines (tcp_connection.cpp) -----------
  // TLS: once the client's first bytes have arrived, and its address has a
  // handshake turn (ServerState::handshakes).
  void take_handshake_turn();
  void start_handshake();
  // After the TLS handshake, or at once without TLS: the session (if it
  // needs no token), the timers and the first read.
  void begin();
  // The client's session, made when it is served: at once without a token,
  // after `auth` with one.
  void open_session();
  void on_line(std::string_view line);

  // --- the read loop and the held lines (tcp_connection_reading.cpp) -----
  void read_next();
  void on_read(const boost::system::error_code& error, std::size_t bytes);
  void on_message(const boost::system::error_code& error);
  // After the lines of one read: the next read, unless too many lines wait
  // for a job that ends by itself (reads_on()).
  void read_on();
  [[nodiscard]] bool reads_on() const;
  // Lines a client may have waiting for its running search; past this the
  // client is misbehaving (it never sends stop) and is disconnected.
  static constexpr std::size_t kMaxHeldLines = 1024;
  // A line from the client: handled now, or held while the session changes
  // its table or searches (see UciSession::takes_now()).
  void take_line(std::string line);
  // A job of the session has ended: held lines go on, and a client that
  // has closed its side is let go once its last search has answered.
  void after_job();
  void on_end_of_input();

  // --- the guard: authentication and timers (tcp_connection_guard.cpp) ---
  bool authenticate(std::string_view line);
  // An authenticated client's session, once a slot is free: with every slot
  // taken it looks again `checks_left` more times (ServerState::kRoomCheck
  // apart) before the client is refused, its lines held meanwhile.
  void take_slot(int checks_left);
  // The time a connection has to finish its TLS handshake and send its token.
  void arm_grace_timer();
  void arm_idle_timer();

  // --- the write queue (tcp_connection_writing.cpp) ----------------------
  void send(std::string line);
  void write_next();
  [[nodiscard]] bool backlog_blocks_input() const;
  // No write has made progress for the write timeout: the client does not
  // read. Closed with a reset, whatever it was still to be sent.
  void close_stalled();

  // --- the closing and its linger (tcp_connection_closing.cpp) -----------
  // Ends the session: optional error line, stop the search (its bestmove
  // still goes out), give the session's slot and table back, flush, then
  // close. `reason` is logged.
  void finish(std::string_view reason, std::string error_line = {});
  // Gives the session's slot and memory back, or, while its job still runs,
  // tells the job to give up and keeps the connection until it has ended
  // (after_job() then gives them back): the I/O thread never waits for it.
  void release_session();
  [[nodiscard]] bool awaits_job() const { return awaited_job_ != nullptr; }
  void end_awaited_job();
  // After a close: the server forgets the connection.
  void forget();
  void shut_down_after_flush();
  void drain_then_close();
  void close_websocket();
  void discard_input();
  void close_now();

  // The strand first: it is made from the socket's io_context before the
  // socket moves into the stream.
  // A strand of the io_context's own executor type: Boost.Beast 1.74 keeps
  // work on a handler's executor the old way, which a strand of the
  // type-erased any_io_executor does not offer.
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::shared_ptr<boost::asio::ssl::context> tls_context_;
  ConnectionStream stream_;
  bool handshake_done_;
  bool hello_arrived_ = false;  // TLS: the client's first bytes have come
  HandshakeTurn handshake_turn_;
  boost::asio::steady_timer grace_timer_;
  boost::asio::steady_timer idle_timer_;
  boost::asio::steady_timer linger_timer_;
  WriteDeadline write_deadline_;
  const std::uint64_t id_;
  ServerState& server_;
  boost::asio::streambuf input_;
  boost::beast::flat_buffer message_;  // a WebSocket's message being read
  std::array<char, 4096> discarded_{};
  std::deque<std::string> outbox_;
  std::size_t outbox_bytes_ = 0;
  std::size_t dropped_info_lines_ = 0;
  bool writing_ = false;
  bool read_paused_ = false;
  bool reading_ = false;  // an asynchronous read is under way
  bool authenticated_;
  bool awaiting_slot_ = false;  // authenticated, waiting for a session slot (take_slot())
  bool finishing_ = false;    // no more input is read; output flushes, then the socket closes
  bool input_ended_ = false;  // the client has closed its side
  bool holds_slot_;           // the session's table is counted, and its slot unless given up
  HeldLines held_lines_;
  bool closed_ = false;
  bool first_line_read_ = false;  // an HTTP request line first closes the line port at once
  Sink sink_;
  std::unique_ptr<UciSession> session_;
  // The connection itself while its session's given-up job ends: nothing
  // else may keep it (its socket may be closed), and the job writes to
  // sink_. Set by release_session(), let go by after_job().
  std::shared_ptr<TcpConnection> awaited_job_;
  // In ServerState::sessions_ending (and no longer in sessions), from the
  // job's give-up to the close.
  bool counted_as_ending_ = false;
};

}  // namespace brudno::protocol
