#include "tools/match/uci_engine.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <sstream>

namespace brudno::tools::match {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds kHandshakeTimeout{10000};
// Setting a large Hash can take a while before readyok.
constexpr milliseconds kReadyTimeout{30000};
constexpr milliseconds kStopTimeout{1000};

bool same_name(const std::string& a, const std::string& b) {
  // UCI option names are not case sensitive.
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::optional<long long> parse_integer(const std::string& text) {
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// The words between `after` and the next of the option line's keywords.
std::string field(const std::vector<std::string>& words, std::size_t& i) {
  static const char* const kKeywords[] = {"name", "type", "default", "min", "max", "var"};
  std::string text;
  for (; i < words.size(); ++i) {
    if (std::any_of(std::begin(kKeywords), std::end(kKeywords),
                    [&](const char* keyword) { return words[i] == keyword; })) {
      break;
    }
    if (!text.empty()) text += ' ';
    text += words[i];
  }
  return text;
}

}  // namespace

std::optional<DeclaredOption> parse_option_line(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> words;
  for (std::string word; stream >> word;) words.push_back(word);
  if (words.size() < 2 || words[0] != "option" || words[1] != "name") return std::nullopt;
  DeclaredOption option;
  std::size_t i = 2;
  option.name = field(words, i);
  while (i < words.size()) {
    const std::string keyword = words[i++];
    const std::string value = field(words, i);
    if (keyword == "type") {
      option.type = value;
    } else if (keyword == "default") {
      option.default_value = value == "<empty>" ? "" : value;
    } else if (keyword == "min") {
      option.min = parse_integer(value);
    } else if (keyword == "max") {
      option.max = parse_integer(value);
    }
  }
  if (option.name.empty() || option.type.empty()) return std::nullopt;
  return option;
}

void read_info_line(const std::string& line, std::optional<EngineScore>& score, int& depth) {
  std::istringstream stream(line);
  std::string word;
  stream >> word;
  if (word != "info") return;
  std::optional<EngineScore> found;
  int found_depth = 0;
  bool bound = false;
  while (stream >> word) {
    if (word == "string") return;  // free text follows
    if (word == "multipv") {
      int index = 1;
      stream >> index;
      if (index != 1) return;
    } else if (word == "depth") {
      stream >> found_depth;
    } else if (word == "score") {
      std::string kind;
      int value = 0;
      if (stream >> kind >> value && (kind == "cp" || kind == "mate")) {
        found = EngineScore{kind == "mate", value};
      }
    } else if (word == "lowerbound" || word == "upperbound") {
      bound = true;
    } else if (word == "pv") {
      break;
    }
  }
  if (found && !bound) {
    score = found;
    if (found_depth > 0) depth = found_depth;
  }
}

UciEngine::UciEngine(EngineSpec spec, std::vector<EngineOption> each)
    : spec_(std::move(spec)), each_(std::move(each)) {}

UciEngine::~UciEngine() {
  quit();
}

void UciEngine::start() {
  launch();
}

void UciEngine::launch() {
  const std::string who = spec_.name.empty() ? spec_.command_line() : spec_.name;
  process_ = std::make_unique<PipeEngine>(resolve_program(spec_.program), spec_.args);
  declared_.clear();
  applied_.clear();
  skipped_.clear();
  process_->send("uci");
  const auto start = Clock::now();
  bool ok = false;
  while (!ok) {
    const auto left =
        std::chrono::duration_cast<milliseconds>(start + kHandshakeTimeout - Clock::now());
    const auto line = process_->read_line(std::max(left, milliseconds{0}));
    if (!line) break;
    if (line->rfind("id name ", 0) == 0) id_name_ = line->substr(8);
    if (auto option = parse_option_line(*line)) declared_.push_back(std::move(*option));
    ok = line->rfind("uciok", 0) == 0;
  }
  if (!ok) throw EngineError(who + ": no uciok within 10 s of `uci` (is it a UCI engine?)");
  if (name_.empty()) {
    name_ = !spec_.name.empty() ? spec_.name : !id_name_.empty() ? id_name_ : spec_.program;
  }

  const auto find = [&](const std::string& option) -> const DeclaredOption* {
    for (const auto& declared : declared_) {
      if (same_name(declared.name, option)) return &declared;
    }
    return nullptr;
  };
  const auto apply = [&](const EngineOption& option, bool required) {
    const DeclaredOption* declared = find(option.name);
    if (declared == nullptr) {
      if (required) throw EngineError(who + " declares no option '" + option.name + "'");
      skipped_.push_back(option.name);
      return;
    }
    if (declared->type == "check" && option.value != "true" && option.value != "false") {
      throw EngineError(who + ": option " + declared->name + " is true or false, not '" +
                        option.value + "'");
    }
    if (declared->type == "spin") {
      const auto value = parse_integer(option.value);
      if (!value || (declared->min && *value < *declared->min) ||
          (declared->max && *value > *declared->max)) {
        throw EngineError(who + ": option " + declared->name + " takes a whole number from " +
                          std::to_string(declared->min.value_or(0)) + " to " +
                          std::to_string(declared->max.value_or(0)) + ", not '" + option.value +
                          "'");
      }
    }
    for (auto& earlier : applied_) {
      if (earlier.name == declared->name) earlier.value = option.value;
    }
    if (std::none_of(applied_.begin(), applied_.end(),
                     [&](const EngineOption& earlier) { return earlier.name == declared->name; })) {
      applied_.push_back({declared->name, option.value});
    }
  };
  // --each first, so that an engine's own option.X wins over it.
  for (const auto& option : each_) apply(option, false);
  for (const auto& option : spec_.options) apply(option, true);
  for (const auto& option : applied_) {
    const DeclaredOption* declared = find(option.name);
    process_->send(declared->type == "button"
                       ? "setoption name " + option.name
                       : "setoption name " + option.name + " value " + option.value);
  }
  process_->send("isready");
  const auto ready = process_->read_until("readyok", kReadyTimeout);
  if (ready.empty() || ready.back().rfind("readyok", 0) != 0) {
    throw EngineError(who + ": no readyok within 30 s of its options");
  }
}

std::optional<std::string> UciEngine::value_of(const std::string& name) const {
  for (const auto& option : applied_) {
    if (same_name(option.name, name)) return option.value;
  }
  for (const auto& option : declared_) {
    if (same_name(option.name, name)) return option.default_value;
  }
  return std::nullopt;
}

int UciEngine::threads() const {
  for (const char* name : {"Threads", "Number of Threads"}) {
    if (const auto value = value_of(name)) {
      if (const auto count = parse_integer(*value); count && *count > 0) {
        return static_cast<int>(*count);
      }
    }
  }
  return 1;
}

bool UciEngine::new_game() {
  if (broken_ || !process_) {
    process_.reset();
    broken_ = false;
    launch();
  }
  process_->send("ucinewgame");
  process_->send("isready");
  const auto ready = process_->read_until("readyok", kReadyTimeout);
  if (ready.empty() || ready.back().rfind("readyok", 0) != 0) {
    broken_ = true;
    return false;
  }
  return true;
}

SearchReply UciEngine::search(const std::string& position, const std::string& go, double limit_ms) {
  SearchReply reply;
  process_->send(position);
  const auto start = Clock::now();
  process_->send(go);
  const auto deadline =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double, std::milli>(std::max(limit_ms, 0.0)));
  while (true) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
    // Rounding up: the deadline is passed before the wait gives up.
    const auto line = process_->read_line(std::max(left + milliseconds{1}, milliseconds{0}));
    const auto now = Clock::now();
    reply.elapsed_ms = std::chrono::duration<double, std::milli>(now - start).count();
    if (!line && process_->output_ended()) {
      reply.kind = SearchReply::Kind::kDisconnected;
      broken_ = true;
      return reply;
    }
    if (!line && now >= deadline) {
      reply.kind = SearchReply::Kind::kTimeout;
      return reply;
    }
    if (!line) continue;  // the wait ended a little early
    if (line->rfind("info", 0) == 0) {
      read_info_line(*line, reply.score, reply.depth);
    } else if (line->rfind("bestmove", 0) == 0) {
      std::istringstream words(*line);
      std::string keyword;
      words >> keyword >> reply.move;
      reply.kind = SearchReply::Kind::kBestmove;
      return reply;
    }
  }
}

std::optional<double> UciEngine::stop_overdue_search() {
  if (!process_) return std::nullopt;
  const auto start = Clock::now();
  process_->send("stop");
  const auto lines = process_->read_until("bestmove", kStopTimeout);
  if (lines.empty() || lines.back().rfind("bestmove", 0) != 0) {
    broken_ = true;
    return std::nullopt;
  }
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double UciEngine::cpu_seconds() const {
  if (!process_) return 0;
  std::ifstream stat("/proc/" + std::to_string(process_->pid()) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  // The command name in brackets may hold spaces; the fields after it start with the state.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string value;
  double ticks = 0;
  // Fields 3 (state) to 15 (stime): utime is the 12th after the bracket, stime the 13th.
  for (int i = 1; i <= 13 && fields >> value; ++i) {
    if (i == 12 || i == 13) ticks += std::stod(value);
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

void UciEngine::quit() {
  if (!process_) return;
  process_->send("quit");
  process_->wait_exit(milliseconds{1000});
  process_.reset();  // kills an engine that did not quit
}

}  // namespace brudno::tools::match
