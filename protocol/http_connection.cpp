#include "protocol/http_connection.hpp"

#include <boost/beast/http.hpp>
#include <sstream>
#include <type_traits>
#include <utility>

#include "protocol/client_text.hpp"
#include "protocol/logging.hpp"
#include "protocol/page_headers.hpp"
#include "protocol/request_origin.hpp"
#include "protocol/web_content.hpp"

namespace brudno::protocol {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;

namespace {

// The path of the WebSocket that carries the line protocol.
constexpr std::string_view kSocketPath = "/uci";

std::string_view target_of(const HttpConnection::Request& request) {
  return {request.target().data(), request.target().size()};
}

std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find_first_of("?#"));
}

}  // namespace

HttpConnection::HttpConnection(Socket socket, std::uint64_t id, ServerState& server,
                               std::shared_ptr<asio::ssl::context> tls)
    : strand_(asio::make_strand(static_cast<asio::io_context&>(
          asio::query(socket.get_executor(), asio::execution::context)))),
      tls_context_(std::move(tls)),
      stream_(tls_context_ ? ByteStream(std::move(socket), *tls_context_)
                           : ByteStream(std::move(socket))),
      deadline_(strand_),
      write_deadline_(strand_, server.options.write_timeout),
      id_(id),
      server_(server) {}

HttpConnection::~HttpConnection() = default;

void HttpConnection::start() {
  asio::dispatch(strand_, [self = shared_from_this()] {
    // The grace period covers the TLS handshake and the whole request header:
    // a client that trickles it (slowloris) is closed at its end.
    self->arm_request_deadline();
    if (!self->stream_.is_tls()) return self->read_request();
    // A silent socket takes no handshake turn: it waits for its first bytes.
    self->stream_.socket().async_wait(
        Socket::wait_read,
        asio::bind_executor(self->strand_, [self](const boost::system::error_code& error) {
          if (self->closed_) return;
          if (error) return self->close();
          self->take_handshake_turn();
        }));
  });
}

// A few TLS handshakes at once from one address (HandshakeTurns), as on the
// line port; this one starts now or when its turn comes, unless closed by then.
void HttpConnection::take_handshake_turn() {
  boost::system::error_code ignored;
  handshake_turn_.take(server_.handshakes,
                       stream_.socket().remote_endpoint(ignored).address().to_string(),
                       shared_from_this());
}

bool HttpConnection::begin_handshake_turn() {
  if (closed_) return false;
  handshake_turn_.held();
  start_handshake();
  return true;
}

void HttpConnection::start_handshake() {
  stream_.async_handshake(
      asio::ssl::stream_base::server,
      asio::bind_executor(strand_, [self = shared_from_this()](const auto& error) {
        self->handshake_turn_.give_back();
        if (self->closed_) return;
        if (error) {
          log_info("connection ", self->id_, ": TLS handshake failed: ", error.message());
          return self->close();
        }
        self->read_request();
      }));
}

void HttpConnection::arm_request_deadline() {
  deadline_.expires_after(server_.options.auth_timeout);
  deadline_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
    if (error || self->closed_ || self->upgraded_) return;
    log_info("connection ", self->id_, ": no whole HTTP request within ",
             self->server_.options.auth_timeout.count(), " s; closing");
    self->close();
  });
}

// The request is read in pieces and fed to Beast's parser by hand:
// http::async_read would add to this file's compile time for nothing the
// parser does not do.
void HttpConnection::read_request() {
  parser_.emplace();
  parser_->header_limit(kMaxHeaderBytes);
  parser_->body_limit(0);  // the page only asks; nothing is uploaded
  parse_received();
}

void HttpConnection::parse_received() {
  if (!received_.empty()) {
    boost::system::error_code error;
    const std::size_t used = parser_->put(asio::buffer(received_), error);
    received_.erase(0, used);
    if (error && error != http::error::need_more) return on_request(error);
    if (parser_->is_header_done()) {
      // A GET has no body; one that says it has is refused.
      return on_request(parser_->is_done() ? boost::system::error_code{} : http::error::body_limit);
    }
  }
  stream_.async_read_some(
      asio::buffer(chunk_),
      asio::bind_executor(strand_, [self = shared_from_this()](
                                       const boost::system::error_code& error, std::size_t bytes) {
        if (self->closed_) return;
        if (error) return self->on_request(error);
        self->received_.append(self->chunk_.data(), bytes);
        self->parse_received();
      }));
}

void HttpConnection::on_request(const boost::system::error_code& error) {
  if (closed_) return;
  if (error == http::error::end_of_stream || error == asio::error::eof ||
      error == asio::error::connection_reset || error == asio::ssl::error::stream_truncated ||
      error == asio::error::operation_aborted) {
    return close();
  }
  // From here the client has spoken: it no longer waits among the silent ones.
  server_.unauthenticated.erase(id_);
  if (error == http::error::header_limit) {
    log_info("connection ", id_, ": request header over ", kMaxHeaderBytes, " bytes");
    return respond(431, "request header too large\n", "text/plain", false);
  }
  if (error == http::error::body_limit) {
    return respond(413, "no request body is accepted here\n", "text/plain", false);
  }
  if (error) {
    log_info("connection ", id_, ": malformed HTTP request: ", error.message());
    return respond(400, "malformed request\n", "text/plain", false);
  }
  answer(parser_->get());
}

void HttpConnection::answer(const Request& request) {
  const std::string_view path = path_of(target_of(request));
  boost::system::error_code ignored;
  const auto local = stream_.socket().local_endpoint(ignored);
  const auto& http_options = *server_.options.http;
  const ServerIdentity identity =
      identity_at(local.address().to_string(), local.address().is_loopback(), local.port(),
                  stream_.is_tls(), http_options.server_names);
  const auto host = request[http::field::host];
  if (!host_names_server({host.data(), host.size()}, identity)) {
    // A page of another site that reached this address through its own
    // name (DNS rebinding), or a request meant for another server.
    log_warn("connection ", id_, ": refused a request for host '",
             printable_excerpt({host.data(), host.size()}), "' (--server-name adds names)");
    return respond(403, "this server does not answer to that host name\n", "text/plain", false);
  }
  if (websocket::is_upgrade(request)) {
    if (path != kSocketPath) return respond(404, "not found\n", "text/plain", false);
    // A browser names the page that opens a WebSocket; a client that is no
    // browser names none and cannot be driven by a page.
    const auto origin = request.find(http::field::origin);
    if (origin != request.end() &&
        !origin_is_allowed({origin->value().data(), origin->value().size()}, identity,
                           http_options.allowed_origins)) {
      log_warn("connection ", id_, ": refused a WebSocket from the page of origin '",
               printable_excerpt({origin->value().data(), origin->value().size()}),
               "' (--allow-origin admits others)");
      return respond(403, "WebSocket connections are accepted only from this server's own page\n",
                     "text/plain", false);
    }
    return upgrade(parser_->release());
  }
  if (path == kSocketPath) {
    // A plain GET of the socket's path, or an upgrade Beast found malformed.
    return respond(400, "this path takes a WebSocket upgrade\n", "text/plain", false);
  }
  const bool head = request.method() == http::verb::head;
  if (request.method() != http::verb::get && !head) {
    return respond(405, "only GET and HEAD\n", "text/plain", false);
  }
  const bool keep_alive = request.keep_alive();
  if (path == "/server.json") {
    // What the page needs to know before it opens the socket.
    return respond(200, server_.options.token ? "{\"token\": true}\n" : "{\"token\": false}\n",
                   "application/json", keep_alive, head);
  }
  auto file = server_.web->find(target_of(request));
  if (!file) return respond(404, "not found\n", "text/plain", keep_alive, head);
  const auto cached = request.find(http::field::if_none_match);
  if (cached != request.end() &&
      std::string_view(cached->value().data(), cached->value().size()) == file->etag) {
    // The browser's copy is this one: no body (Cache-Control makes it ask).
    return respond(304, "", file->content_type, keep_alive, true, file->etag);
  }
  respond(200, std::move(file->body), file->content_type, keep_alive, head, file->etag);
}

void HttpConnection::respond(unsigned status, std::string body, const std::string& content_type,
                             bool keep_alive, bool head_only, const std::string& etag) {
  auto response = std::make_shared<http::response<http::string_body>>(
      static_cast<http::status>(status), 11, std::move(body));
  response->set(http::field::server, "brudno");
  response->set(http::field::content_type, content_type);
  // Kept, but asked about again each time: a new binary may bring new files,
  // and the answer to an unchanged one is a bodiless 304.
  response->set(http::field::cache_control, "no-cache");
  if (!etag.empty()) response->set(http::field::etag, etag);
  response->set("X-Content-Type-Options", std::string(kNoSniff));
  response->set("Referrer-Policy", std::string(kReferrerPolicy));
  if (content_type.starts_with("text/html")) {
    response->set("Content-Security-Policy", content_security_policy(response->body()));
  }
  response->keep_alive(keep_alive);
  response->prepare_payload();
  if (head_only) response->body().clear();  // Content-Length stays the GET's
  // Written out as text first, so that only plain asio::async_write is
  // instantiated (see read_request()).
  std::ostringstream text;
  text << *response;
  response_ = std::move(text).str();
  response_sent_ = 0;
  // The request is in: from here the time that counts is the write's.
  deadline_.cancel();
  write_response(keep_alive);
}

// A piece at a time, so that the deadline measures progress: a large file
// to a slow but reading client goes out whole, one to a client that reads
// nothing stops at the first piece the socket will not take.
void HttpConnection::write_response(bool keep_alive) {
  if (response_sent_ == response_.size()) {
    write_deadline_.idle();
    response_.clear();
    return after_response(keep_alive);
  }
  write_deadline_.progress([self = shared_from_this()] { self->close_stalled(); });
  stream_.async_write_some(
      asio::const_buffer(response_.data() + response_sent_, response_.size() - response_sent_),
      asio::bind_executor(strand_, [self = shared_from_this(), keep_alive](
                                       const boost::system::error_code& error, std::size_t bytes) {
        if (self->closed_) return;
        if (error) return self->close();
        self->response_sent_ += bytes;
        self->write_response(keep_alive);
      }));
}

void HttpConnection::close_stalled() {
  if (closed_) return;
  log_info("connection ", id_, ": the response made no progress for ",
           server_.options.write_timeout.count(), " s (", response_.size() - response_sent_,
           " bytes unsent); closing");
  boost::system::error_code ignored;
  stream_.reset(ignored);
  close();
}

void HttpConnection::after_response(bool keep_alive) {
  if (!keep_alive || server_.shutting_down) return close();
  // Waiting for the next request, it holds nothing and may be pushed out.
  server_.add_waiting(id_, shared_from_this());
  arm_request_deadline();
  read_request();
}

void HttpConnection::upgrade(Request request) {
  upgraded_ = true;  // from here the stream is the WebSocket's
  deadline_.cancel();
  auto websocket = std::make_shared<TcpConnection::WebSocket>(std::move(stream_));
  websocket->set_option(websocket::stream_base::decorator(
      [](websocket::response_type& response) { response.set(http::field::server, "brudno"); }));
  // Beast's own time-outs: the upgrade's answer within the grace
  // period; an idle session is the session's business (--idle-timeout).
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = server_.options.auth_timeout;
  timeouts.idle_timeout = websocket::stream_base::none();
  timeouts.keep_alive_pings = false;
  websocket->set_option(timeouts);
  websocket->async_accept(
      request,
      asio::bind_executor(strand_, [self = shared_from_this(), websocket](const auto& error) {
        if (error) {
          log_info("connection ", self->id_, ": WebSocket upgrade failed: ", error.message());
          boost::system::error_code ignored;
          beast::get_lowest_layer(*websocket).close(ignored);
          return self->close();
        }
        self->on_upgraded(websocket);
      }));
}

void HttpConnection::on_upgraded(const std::shared_ptr<TcpConnection::WebSocket>& websocket,
                                 int checks_left) {
  if (closed_ || server_.shutting_down) {
    boost::system::error_code ignored;
    beast::get_lowest_layer(*websocket).close(ignored);
    return close();
  }
  if (server_.refusal_of_new_client() && checks_left > 0) {
    // A moment for a slot, as on the line port (TcpServer::open_line_session()).
    deadline_.expires_after(ServerState::kRoomCheck);
    deadline_.async_wait(asio::bind_executor(
        strand_, [self = shared_from_this(), websocket,
                  checks_left](const boost::system::error_code& error) {
          if (!error) return self->on_upgraded(websocket, checks_left - 1);
          boost::system::error_code ignored;
          beast::get_lowest_layer(*websocket).close(ignored);
          self->close();
        }));
    return;
  }
  if (const auto refusal = server_.refusal_of_new_client()) {
    // Said on the socket, where a browser can show it, then closed.
    log_warn("session ", id_, " refused: ", server_.sessions, " sessions already");
    auto text = std::make_shared<std::string>(*refusal);
    websocket->async_write(asio::buffer(*text), [websocket, text, &server = server_, id = id_](
                                                    const auto&, std::size_t) {
      websocket->async_close(websocket::close_code::try_again_later,
                             [websocket, &server, id](const auto&) {
                               boost::system::error_code ignored;
                               beast::get_lowest_layer(*websocket).close(ignored);
                               server.socket_closed(id);
                             });
    });
    server_.connections.erase(id_);
    closed_ = true;
    return;
  }
  log_info("connection ", id_, ": WebSocket",
           server_.options.token ? ", waiting for its token" : ", a session");
  auto connection =
      std::make_shared<TcpConnection>(TcpConnection::Stream(std::move(*websocket)), id_, server_);
  closed_ = true;  // this object's part is over; the session's begins
  server_.add_client(id_, connection);
  connection->start();
}

void HttpConnection::close() {
  if (closed_) return;
  closed_ = true;
  deadline_.cancel();
  write_deadline_.cancel();
  handshake_turn_.give_back();
  boost::system::error_code ignored;
  if (!upgraded_) {
    stream_.socket().shutdown(Socket::shutdown_both, ignored);
    stream_.close(ignored);
  }
  // Upgraded, it is here only when the WebSocket failed, its socket closed.
  server_.socket_closed(id_);
  server_.unauthenticated.erase(id_);
  server_.connections.erase(id_);
  server_.after_connection_gone();
}

HttpConnection::Waiting HttpConnection::waiting_state() {
  boost::system::error_code error;
  const std::size_t unread = stream_.socket().available(error);
  if (!error && unread > 0) return Waiting::kUnread;
  const bool spoke = !received_.empty() || (parser_ && parser_->got_some());
  return spoke ? Waiting::kSpoke : Waiting::kSilent;
}

void HttpConnection::close_unauthenticated(Room room) {
  if (room == Room::kForDescriptor) {
    // Now, not on the strand later: the new connection takes its place at
    // once. The server's one I/O thread runs every strand, this call too.
    log_info("connection ", id_, ": closed at once to make room for a newer one on its port");
    return close();
  }
  log_info("connection ", id_, ": closed to make room for a newer one waiting to be served");
  asio::dispatch(strand_, [self = shared_from_this()] { self->close(); });
}

void HttpConnection::shut_down() {
  asio::dispatch(strand_, [self = shared_from_this()] {
    if (!self->upgraded_) self->close();
  });
}

}  // namespace brudno::protocol
