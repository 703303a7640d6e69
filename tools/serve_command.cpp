// `brudno serve`: parses the server's command line, then serves until a signal.

#include <malloc.h>
#include <tbb/global_control.h>

#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "engine/transposition_table.hpp"
#include "protocol/embedded_web_files.hpp"
#include "protocol/logging.hpp"
#include "protocol/request_origin.hpp"
#include "protocol/serve.hpp"
#include "protocol/tokens.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"

namespace brudno::tools {
namespace {

using protocol::kDefaultPort;
using protocol::parse_integer;
using protocol::ServerOptions;

namespace po = boost::program_options;

// "HOST:PORT" or ":PORT"; an IPv6 host is written in brackets, "[::1]:7420".
std::optional<std::pair<std::string, unsigned short>> parse_listen(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  std::string host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (host.empty()) host = "127.0.0.1";
  const auto port = parse_integer<long>(text.substr(colon + 1));
  if (!port || *port < 0 || *port > 65535) return std::nullopt;
  if (!protocol::is_ip_address(host)) return std::nullopt;
  return std::pair{host, static_cast<unsigned short>(*port)};
}

std::optional<std::string> read_token(const std::string& file, std::ostream& err) {
  std::ifstream in(file);
  if (!in) {
    err << "brudno serve: cannot read the token file '" << file << "'\n";
    return std::nullopt;
  }
  std::string token;
  std::getline(in, token);
  while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back()))) {
    token.pop_back();
  }
  if (token.size() < 16 || token.find_first_of(" \t") != std::string::npos) {
    err << "brudno serve: the token in '" << file
        << "' must be one word of at least 16 characters\n";
    return std::nullopt;
  }
  return token;
}

}  // namespace

int run_serve(const Arguments& args, std::ostream& out, std::ostream& err) {
  const ServerOptions defaults;
  const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  po::options_description options(
      "Usage: brudno serve [options]\n\n"
      "Serves the UCI protocol over TCP, or over TLS with --tls-cert and --tls-key\n"
      "(docs/protocol.md), one independent session per connection; with --http also a\n"
      "board in the browser and the same protocol over WebSocket (docs/web.md). Stops all\n"
      "searches and exits 0 on SIGINT or SIGTERM; SIGHUP reads the TLS certificate and key\n"
      "again.\n\nOptions");
  options.add_options()("help,h", "show this help")(
      "listen",
      po::value<std::string>()->default_value("127.0.0.1:" + std::to_string(kDefaultPort)),
      "HOST:PORT to listen on; port 0 picks a free one. An address other machines can reach "
      "needs --token-file and --tls-cert/--tls-key (or --insecure)")(
      "http", po::value<std::string>(),
      "HOST:PORT to serve the browser page at, and the protocol over a WebSocket at /uci "
      "(HTTPS and WSS with --tls-cert); the same limits, token and address rules as --listen")(
      "web-root", po::value<std::string>(),
      "serve the page's files from this folder (protocol/web, its npm packages in "
      "node_modules), read at each request, instead of those built into the binary: for "
      "working on the page")(
      "server-name", po::value<std::vector<std::string>>()->composing(),
      "with --http: a host name the server is reached by (repeatable); requests whose Host "
      "header names anything but these, the --http address or localhost get 403")(
      "allow-origin", po::value<std::vector<std::string>>()->composing(),
      "with --http: the origin (scheme://host:port) of another page that may open the "
      "WebSocket (repeatable); by default only the server's own page may")(
      "token-file", po::value<std::string>(),
      "require each client to send 'auth <token>' first; the token is the file's first line")(
      "auth-timeout", po::value<long>()->default_value(defaults.auth_timeout.count()),
      "seconds a connection has to finish its TLS handshake and send its token (with "
      "--token-file) before it is closed")(
      "tls-cert", po::value<std::string>(),
      "speak TLS on every connection with this certificate chain (PEM); needs --tls-key. "
      "Read again on SIGHUP")("tls-key", po::value<std::string>(),
                              "the private key (PEM) of --tls-cert")(
      "insecure",
      "allow an address other machines can reach without a token or without TLS (a warning "
      "is logged)")(
      "max-unauthenticated", po::value<Count>(),
      "connections waiting to send their token (with --token-file) or their HTTP request at "
      "once (default: twice --max-sessions, at least 16); they take no session and no table "
      "memory. Past it a new one closes the silent one that has waited longest; one whose "
      "bytes are in and unread is never closed for it")(
      "threads", po::value<int>()->default_value(hardware),
      "search threads for the whole server; no session's Threads may exceed it")(
      "max-sessions", po::value<Count>()->default_value(Count{defaults.max_sessions}),
      "connections served at once; more are refused with an error line")(
      "max-line", po::value<Count>()->default_value(Count{defaults.max_line_bytes}),
      "longest input line in bytes; a longer one ends the connection")(
      "idle-timeout", po::value<long>()->default_value(defaults.idle_timeout.count()),
      "seconds without input (and no search running) before a session is closed; 0: never")(
      "max-hash", po::value<Count>()->default_value(Count{defaults.max_hash_megabytes}),
      "largest Hash (MB) one session may set, and a session's memory budget: its table, the "
      "chess mate search's tables and a puzzle search's states together (a puzzle search "
      "stops at it, saying so)")(
      "max-total-hash", po::value<Count>()->default_value(Count{defaults.max_total_hash_megabytes}),
      "memory (MB) of all sessions together: their tables, mate search tables and puzzle "
      "search states")(
      "output-backlog", po::value<Count>()->default_value(Count{defaults.output_backlog_bytes}),
      "bytes of output waiting for a slow reader beyond which search info lines are dropped")(
      "write-timeout", po::value<long>()->default_value(defaults.write_timeout.count()),
      "seconds a write to a client may make no progress (a client that has stopped reading) "
      "before its connection is closed; HTTP responses and a closing session's last lines "
      "included");

  po::variables_map vm;
  if (const auto status = parse_command_line(args, "serve", options, vm, out, err)) return *status;

  ServerOptions server;
  const auto listen = parse_listen(vm["listen"].as<std::string>());
  if (!listen) {
    err << "brudno serve: --listen wants HOST:PORT with an IP address and a port 0-65535, got '"
        << vm["listen"].as<std::string>() << "'\n";
    return 2;
  }
  std::tie(server.host, server.port) = *listen;
  if (vm.count("http")) {
    const auto http = parse_listen(vm["http"].as<std::string>());
    if (!http) {
      err << "brudno serve: --http wants HOST:PORT with an IP address and a port 0-65535, got '"
          << vm["http"].as<std::string>() << "'\n";
      return 2;
    }
    server.http.emplace();
    std::tie(server.http->host, server.http->port) = *http;
    if (vm.count("server-name")) {
      server.http->server_names = vm["server-name"].as<std::vector<std::string>>();
    }
    if (vm.count("allow-origin")) {
      for (const auto& origin : vm["allow-origin"].as<std::vector<std::string>>()) {
        const std::string normal = protocol::normalized_origin(origin);
        if (normal.empty()) {
          err << "brudno serve: --allow-origin wants http://HOST[:PORT] or https://HOST[:PORT], "
                 "got '"
              << origin << "'\n";
          return 2;
        }
        server.http->allowed_origins.push_back(normal);
      }
    }
    if (vm.count("web-root")) {
      server.http->web_root = vm["web-root"].as<std::string>();
      const std::filesystem::path root(server.http->web_root);
      if (!std::filesystem::is_regular_file(root / "index.html")) {
        err << "brudno serve: no page at --web-root '" << server.http->web_root
            << "' (it has no index.html)\n";
        return 2;
      }
      if (!std::filesystem::is_directory(root / "node_modules")) {
        protocol::log_warn("the page's packages are not installed in ",
                           (root / "node_modules").string(),
                           " (tools/setup.sh installs them): the board will not load");
      }
    } else if (!protocol::embedded_web_packages()) {
      protocol::log_warn(
          "this binary was built without the page's npm packages (tools/setup.sh installs them "
          "in protocol/web/node_modules before the build): the board will not load");
    }
  }
  server.threads = vm["threads"].as<int>();
  server.max_sessions = vm["max-sessions"].as<Count>().value;
  server.max_line_bytes = vm["max-line"].as<Count>().value;
  server.idle_timeout = std::chrono::seconds(vm["idle-timeout"].as<long>());
  server.max_hash_megabytes = vm["max-hash"].as<Count>().value;
  server.max_total_hash_megabytes = vm["max-total-hash"].as<Count>().value;
  server.output_backlog_bytes = vm["output-backlog"].as<Count>().value;
  server.auth_timeout = std::chrono::seconds(vm["auth-timeout"].as<long>());
  server.write_timeout = std::chrono::seconds(vm["write-timeout"].as<long>());
  const bool waiting_limit_given = vm.count("max-unauthenticated") > 0;
  if (waiting_limit_given) server.max_unauthenticated = vm["max-unauthenticated"].as<Count>().value;
  constexpr std::size_t kSessionTable = engine::TranspositionTable::kDefaultMegabytes;
  std::ostringstream problem;
  if (server.threads < 1 || server.threads > hardware) {
    problem << "--threads must be from 1 to " << hardware;
  } else if (server.max_sessions < 1) {
    problem << "--max-sessions must be at least 1";
  } else if (server.max_line_bytes < 256) {
    problem << "--max-line must be at least 256 bytes";
  } else if (server.idle_timeout.count() < 0) {
    problem << "--idle-timeout must be 0 or more seconds";
  } else if (server.max_hash_megabytes < kSessionTable) {
    problem << "--max-hash must be at least the default Hash of " << kSessionTable << " MB";
  } else if (server.max_total_hash_megabytes < kSessionTable) {
    problem << "--max-total-hash must be at least " << kSessionTable << " MB";
  } else if (server.max_total_hash_megabytes < server.max_hash_megabytes) {
    problem << "--max-total-hash (" << server.max_total_hash_megabytes
            << " MB) must be at least --max-hash (" << server.max_hash_megabytes
            << " MB): no session could have the Hash that --max-hash allows";
  } else if (server.output_backlog_bytes < 4096) {
    problem << "--output-backlog must be at least 4096 bytes";
  } else if (server.auth_timeout.count() < 1) {
    problem << "--auth-timeout must be at least 1 second";
  } else if (server.write_timeout.count() < 1) {
    problem << "--write-timeout must be at least 1 second";
  } else if (waiting_limit_given && server.max_unauthenticated < 1) {
    problem << "--max-unauthenticated must be at least 1";
  }
  if (!problem.str().empty()) {
    err << "brudno serve: " << problem.str() << '\n';
    return 2;
  }
  if (vm.count("token-file")) {
    server.token = read_token(vm["token-file"].as<std::string>(), err);
    if (!server.token) return 2;
  }
  if (vm.count("tls-cert") != vm.count("tls-key")) {
    err << "brudno serve: --tls-cert and --tls-key go together\n";
    return 2;
  }
  if (vm.count("tls-cert")) {
    server.tls_certificate_file = vm["tls-cert"].as<std::string>();
    server.tls_key_file = vm["tls-key"].as<std::string>();
    if (const auto tls_problem = protocol::tls_files_problem(server)) {
      err << "brudno serve: " << *tls_problem << '\n';
      return 2;
    }
  }
  const bool reachable = !protocol::is_loopback_address(server.host) ||
                         (server.http && !protocol::is_loopback_address(server.http->host));
  const std::string reachable_host = !protocol::is_loopback_address(server.host) ? server.host
                                     : server.http                               ? server.http->host
                                                                                 : "";
  if (reachable) {
    // Without a token anyone who reaches the port has the engine; without
    // TLS the token, the positions and the analysis cross the network in
    // clear text.
    std::string missing;
    if (!server.token) missing = "no --token-file (anyone who reaches the port may use it)";
    if (!server.tls()) {
      if (!missing.empty()) missing += " and ";
      missing += "no --tls-cert/--tls-key (the token and the analysis travel in clear text)";
    }
    if (!missing.empty() && !vm.count("insecure")) {
      err << "brudno serve: refusing to listen on " << reachable_host
          << ", which other machines can reach, with " << missing
          << "; give them, listen on 127.0.0.1, or pass --insecure\n";
      return 2;
    }
    if (!missing.empty()) {
      protocol::log_warn("listening on ", reachable_host, ", reachable from other machines, with ",
                         missing, " (--insecure)");
    }
  }

  // Every `go` runs on a new search thread, and the C library gives each new
  // thread an allocation arena of its own (up to eight per core), kept for the
  // life of the process. Searches allocate little beyond their tables, which
  // are mapped directly, so one shared arena costs nothing in speed and keeps
  // an idle server as small as it began.
  mallopt(M_ARENA_MAX, 1);
  // All sessions' parallel searches draw on one pool of worker threads.
  const tbb::global_control thread_budget(tbb::global_control::max_allowed_parallelism,
                                          static_cast<std::size_t>(server.threads));
  const auto failure = protocol::serve(
      server, [&](protocol::Listener listener, const std::string& address, unsigned short port) {
        // The HTTP line comes second: tests and scripts read the first for the
        // line protocol's port, as before.
        const char* what = listener == protocol::Listener::kHttp ? "http on" : "listening on";
        out << "brudno serve: " << what << ' ' << address << ':' << port << std::endl;
        protocol::log_info(what, ' ', address, ':', port);
      });
  if (failure) {
    err << "brudno serve: cannot listen on " << server.host << ':' << server.port << ": "
        << *failure << '\n';
    return 1;
  }
  protocol::log_info("stopped");
  return 0;
}

}  // namespace brudno::tools
