#include "tools/tcp/line_client.hpp"

namespace brudno::tools {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

LineClient::LineClient(unsigned short port) : socket_(io_) {
  socket_.connect(tcp::endpoint(asio::ip::address_v4::loopback(), port));
  socket_.set_option(tcp::no_delay(true));
}

bool LineClient::send(const std::string& line) {
  return send_raw(line + '\n');
}

bool LineClient::send_raw(const std::string& bytes) {
  boost::system::error_code error;
  asio::write(socket_, asio::buffer(bytes), error);
  return !error;
}

std::optional<std::string> LineClient::read_line(std::chrono::milliseconds timeout) {
  if (ended_) return std::nullopt;
  std::optional<std::size_t> bytes;
  boost::system::error_code failure;
  asio::async_read_until(socket_, input_, '\n',
                         [&](const boost::system::error_code& error, std::size_t size) {
                           if (error) {
                             failure = error;
                           } else {
                             bytes = size;
                           }
                         });
  io_.restart();
  io_.run_for(timeout);
  if (!io_.stopped()) {
    // Timed out: cancel the read and let its handler run before returning.
    socket_.cancel();
    io_.restart();
    io_.run();
    if (!bytes) return std::nullopt;
  }
  if (!bytes) {
    if (failure != asio::error::operation_aborted) ended_ = true;
    return std::nullopt;
  }
  std::string line(asio::buffers_begin(input_.data()),
                   asio::buffers_begin(input_.data()) + static_cast<std::ptrdiff_t>(*bytes - 1));
  input_.consume(*bytes);
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
  socket_.shutdown(tcp::socket::shutdown_send, ignored);
}

void LineClient::close() {
  boost::system::error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
  ended_ = true;
}

}  // namespace brudno::tools
