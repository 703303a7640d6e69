// Which Host and Origin headers name the server and its own page, and which
// first lines on the line port are HTTP requests.

#include "protocol/request_origin.hpp"

#include <gtest/gtest.h>

#include "protocol/http_request_line.hpp"

namespace brudno::protocol {
namespace {

const ServerIdentity kLoopback = identity_at("127.0.0.1", true, 7781, false, {});

TEST(RequestOrigin, TheHostMustNameTheServerAndItsPort) {
  EXPECT_TRUE(host_names_server("127.0.0.1:7781", kLoopback));
  EXPECT_TRUE(host_names_server("localhost:7781", kLoopback));
  EXPECT_TRUE(host_names_server("LocalHost:7781", kLoopback));
  EXPECT_TRUE(host_names_server("[::1]:7781", kLoopback));
  EXPECT_FALSE(host_names_server("evil.example:7781", kLoopback));
  EXPECT_FALSE(host_names_server("127.0.0.1:7782", kLoopback));
  EXPECT_FALSE(host_names_server("127.0.0.1", kLoopback));  // port 80
  EXPECT_FALSE(host_names_server("", kLoopback));
  EXPECT_FALSE(host_names_server("127.0.0.1:", kLoopback));
  EXPECT_FALSE(host_names_server("127.0.0.1:7781x", kLoopback));
  EXPECT_FALSE(host_names_server("[::1", kLoopback));
}

TEST(RequestOrigin, AnAddressOtherMachinesReachHasItsOwnNamesOnly) {
  const auto lan = identity_at("192.168.1.5", false, 443, true, {"Engine.Example.org"});
  EXPECT_TRUE(host_names_server("192.168.1.5", lan));  // the scheme's port
  EXPECT_TRUE(host_names_server("engine.example.org:443", lan));
  EXPECT_TRUE(host_names_server("localhost", lan));
  EXPECT_FALSE(host_names_server("127.0.0.1", lan));
  EXPECT_FALSE(host_names_server("other.example.org", lan));
  const auto v6 = identity_at("fe80::1", false, 8080, false, {});
  EXPECT_TRUE(host_names_server("[fe80::1]:8080", v6));
}

TEST(RequestOrigin, OnlyTheServersOwnPageAndNamedOriginsMayOpenTheSocket) {
  const std::vector<std::string> allowed = {normalized_origin("https://Analysis.example.org/")};
  EXPECT_EQ(allowed[0], "https://analysis.example.org");
  EXPECT_TRUE(origin_is_allowed("http://127.0.0.1:7781", kLoopback, {}));
  EXPECT_TRUE(origin_is_allowed("http://localhost:7781", kLoopback, {}));
  EXPECT_TRUE(origin_is_allowed("HTTP://LOCALHOST:7781", kLoopback, {}));
  EXPECT_TRUE(origin_is_allowed("https://analysis.example.org", kLoopback, allowed));
  EXPECT_FALSE(origin_is_allowed("https://analysis.example.org", kLoopback, {}));
  EXPECT_FALSE(origin_is_allowed("http://evil.example", kLoopback, allowed));
  EXPECT_FALSE(origin_is_allowed("https://127.0.0.1:7781", kLoopback, {}));  // another scheme
  EXPECT_FALSE(origin_is_allowed("http://127.0.0.1:7782", kLoopback, {}));
  EXPECT_FALSE(origin_is_allowed("http://127.0.0.1", kLoopback, {}));
  EXPECT_FALSE(origin_is_allowed("null", kLoopback, {}));
  EXPECT_FALSE(origin_is_allowed("", kLoopback, {}));
  EXPECT_FALSE(origin_is_allowed("http://127.0.0.1:7781/page", kLoopback, {}));
  EXPECT_EQ(normalized_origin("ftp://x.example"), "");
  EXPECT_EQ(normalized_origin("https://x.example/path"), "");
  EXPECT_EQ(normalized_origin("x.example"), "");
}

TEST(HttpRequestLine, IsTheRequestLineOfHttpAndNoEngineCommand) {
  EXPECT_TRUE(is_http_request_line("POST / HTTP/1.1"));
  EXPECT_TRUE(is_http_request_line("GET /uci HTTP/1.0"));
  EXPECT_TRUE(is_http_request_line("OPTIONS * HTTP/1.1"));
  EXPECT_FALSE(is_http_request_line("go depth 5"));
  EXPECT_FALSE(is_http_request_line("position startpos moves e2e4"));
  EXPECT_FALSE(is_http_request_line("auth GET HTTP/1.1"));
  EXPECT_FALSE(is_http_request_line("GET"));
  EXPECT_FALSE(is_http_request_line("GET /"));
  EXPECT_FALSE(is_http_request_line(""));
}

}  // namespace
}  // namespace brudno::protocol
