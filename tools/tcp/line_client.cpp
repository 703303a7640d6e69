#include "tools/tcp/line_client.hpp"

#include "protocol/asio.hpp"
// (asio.hpp first: it fixes an include Boost.Asio misses.)
#include <openssl/x509.h>

#include <boost/asio/ssl.hpp>
#include <optional>
#include <stdexcept>

namespace brudno::tools {
namespace asio = boost::asio;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;

struct LineClient::Connection {
  asio::io_context io;
  tcp::socket socket{io};  // the plain connection, or the one TLS runs over
  std::optional<ssl::context> tls_context;
  std::optional<ssl::stream<tcp::socket&>> tls;
  asio::streambuf input;

  // `work` on the stream the lines travel on.
  template <class Work>
  void with_stream(Work&& work) {
    if (tls) {
      work(*tls);
    } else {
      work(socket);
    }
  }
};

LineClient::LineClient(unsigned short port) : connection_(std::make_unique<Connection>()) {
  connection_->socket.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
  connection_->socket.set_option(tcp::no_delay(true));
}

LineClient::LineClient(unsigned short port, const std::string& trusted_certificate_file)
    : LineClient(port) {
  Connection& connection = *connection_;
  connection.tls_context.emplace(ssl::context::tls_client);
  connection.tls_context->load_verify_file(trusted_certificate_file);
  connection.tls_context->set_verify_mode(ssl::verify_peer);
  connection.tls.emplace(connection.socket, *connection.tls_context);
  boost::system::error_code failure = asio::error::timed_out;
  connection.tls->async_handshake(ssl::stream_base::client,
                                  [&](const boost::system::error_code& error) { failure = error; });
  connection.io.run_for(std::chrono::seconds(10));
  if (!connection.io.stopped()) {
    connection.socket.cancel();
    connection.io.restart();
    connection.io.run();
  }
  if (failure) throw boost::system::system_error(failure, "TLS handshake");
}

std::string LineClient::peer_certificate_subject() const {
  if (!connection_->tls) return {};
  X509* certificate = SSL_get1_peer_certificate(connection_->tls->native_handle());
  if (certificate == nullptr) return {};
  char* text = X509_NAME_oneline(X509_get_subject_name(certificate), nullptr, 0);
  std::string subject = text != nullptr ? text : "";
  OPENSSL_free(text);
  X509_free(certificate);
  return subject;
}

LineClient::~LineClient() = default;

bool LineClient::send(const std::string& line) {
  return send_raw(line + '\n');
}

bool LineClient::send_raw(const std::string& bytes) {
  boost::system::error_code error;
  connection_->with_stream([&](auto& stream) { asio::write(stream, asio::buffer(bytes), error); });
  return !error;
}

std::optional<std::string> LineClient::read_line(std::chrono::milliseconds timeout) {
  if (ended_) return std::nullopt;
  asio::io_context& io = connection_->io;
  tcp::socket& socket = connection_->socket;
  asio::streambuf& input = connection_->input;
  std::optional<std::size_t> bytes;
  boost::system::error_code failure;
  connection_->with_stream([&](auto& stream) {
    asio::async_read_until(stream, input, '\n',
                           [&](const boost::system::error_code& error, std::size_t size) {
                             if (error) {
                               failure = error;
                             } else {
                               bytes = size;
                             }
                           });
  });
  io.restart();
  io.run_for(timeout);
  if (!io.stopped()) {
    // Timed out: cancel the read and let its handler run before returning.
    socket.cancel();
    io.restart();
    io.run();
    if (!bytes) return std::nullopt;
  }
  if (!bytes) {
    if (failure != asio::error::operation_aborted) ended_ = true;
    return std::nullopt;
  }
  std::string line(asio::buffers_begin(input.data()),
                   asio::buffers_begin(input.data()) + static_cast<std::ptrdiff_t>(*bytes - 1));
  input.consume(*bytes);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

std::vector<std::string> LineClient::read_until(const std::string& prefix,
                                                std::chrono::milliseconds timeout) {
  std::vector<std::string> lines;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    auto line = read_line(left);
    if (!line) break;
    lines.push_back(*line);
    if (line->starts_with(prefix)) break;
  }
  return lines;
}

bool LineClient::closed_by_server(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!ended_) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    read_line(left);
  }
  return true;
}

void LineClient::finish_sending() {
  boost::system::error_code ignored;
  connection_->socket.shutdown(tcp::socket::shutdown_send, ignored);
}

void LineClient::close() {
  boost::system::error_code ignored;
  connection_->socket.shutdown(tcp::socket::shutdown_both, ignored);
  connection_->socket.close(ignored);
  ended_ = true;
}

}  // namespace brudno::tools
