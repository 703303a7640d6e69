// libFuzzer target: every line a client can send. Each input is a session's
// whole conversation, one command per line, through the same UciSession that
// serves stdin and TCP, so the command parser, the option parser and each
// game's position text and move parsers all see it. `go` lines go to the `go`
// parser only: running searches would make the fuzzer measure search time.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/go_command.hpp"
#include "protocol/line_sink.hpp"
#include "protocol/tokens.hpp"
#include "protocol/uci_session.hpp"

namespace {

class DiscardSink final : public brudno::protocol::LineSink {
 public:
  void write_line(std::string_view) override {}
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  DiscardSink sink;
  brudno::protocol::SessionLimits limits;
  // Small tables: a session per input must be cheap to make.
  limits.initial_hash_megabytes = 1;
  limits.max_hash_megabytes = 2;
  brudno::protocol::UciSession session(sink, limits);
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty()) {
    const auto end = input.find('\n');
    const std::string_view line = input.substr(0, end);
    input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
    const auto words = brudno::protocol::split_words(line);
    if (!words.empty() && (words[0] == "go" || words[0] == "proof" || words[0] == "quit")) {
      (void)brudno::protocol::parse_go(words);
      continue;
    }
    session.handle_line(line);
  }
  return 0;
}
