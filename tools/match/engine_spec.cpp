#include "tools/match/engine_spec.hpp"

#include <unistd.h>

#include <boost/program_options/parsers.hpp>
#include <cstdlib>
#include <sstream>

namespace brudno::tools::match {

namespace {

bool starts_with(const std::string& word, const std::string& prefix) {
  return word.rfind(prefix, 0) == 0;
}

EngineOption parse_option(const std::string& word) {
  // option.NAME=VALUE; NAME may hold spaces ("option.Number of Threads=1").
  const std::string body = word.substr(std::string("option.").size());
  const auto equals = body.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw SpecError("'" + word + "' is not option.NAME=VALUE");
  }
  return {body.substr(0, equals), body.substr(equals + 1)};
}

std::string quoted(const std::string& word) {
  if (!word.empty() && word.find_first_of(" \t'\"\\") == std::string::npos) return word;
  std::string text = "'";
  for (const char c : word) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return text + "'";
}

}  // namespace

std::string EngineSpec::command_line() const {
  std::string text = quoted(program);
  for (const auto& arg : args) text += ' ' + quoted(arg);
  return text;
}

SplitArguments split_engine_arguments(const std::vector<std::string>& arguments) {
  SplitArguments split;
  std::vector<std::string>* group = nullptr;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& word = arguments[i];
    if (i == 0) {
      split.rest.push_back(word);
    } else if (word == "--engine" || starts_with(word, "--engine=")) {
      group = &split.engines.emplace_back();
      if (word != "--engine") group->push_back(word.substr(std::string("--engine=").size()));
    } else if (word == "--each" || starts_with(word, "--each=")) {
      group = &split.each;
      if (word != "--each") group->push_back(word.substr(std::string("--each=").size()));
    } else if (group != nullptr && !starts_with(word, "--")) {
      group->push_back(word);
    } else {
      group = nullptr;
      split.rest.push_back(word);
    }
  }
  return split;
}

EngineSpec parse_engine_spec(const std::vector<std::string>& words) {
  EngineSpec spec;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (starts_with(word, "cmd=") || (i == 0 && word.find('=') == std::string::npos)) {
      const std::string command = starts_with(word, "cmd=") ? word.substr(4) : word;
      const auto parts = boost::program_options::split_unix(command);
      if (parts.empty()) throw SpecError("'" + word + "' names no program");
      if (!spec.program.empty()) throw SpecError("'" + word + "': the engine has a cmd already");
      spec.program = parts.front();
      spec.args.insert(spec.args.begin(), parts.begin() + 1, parts.end());
    } else if (starts_with(word, "arg=")) {
      spec.args.push_back(word.substr(4));
    } else if (starts_with(word, "name=")) {
      spec.name = word.substr(5);
      if (spec.name.empty()) throw SpecError("'name=' is empty");
    } else if (starts_with(word, "option.")) {
      spec.options.push_back(parse_option(word));
    } else {
      throw SpecError("'" + word + "' is none of cmd=, arg=, name=, option.NAME=VALUE");
    }
  }
  if (spec.program.empty()) throw SpecError("an --engine needs cmd=PROGRAM");
  return spec;
}

std::vector<EngineOption> parse_each(const std::vector<std::string>& words) {
  std::vector<EngineOption> options;
  for (const auto& word : words) {
    if (!starts_with(word, "option.")) {
      throw SpecError("--each takes option.NAME=VALUE only, not '" + word + "'");
    }
    options.push_back(parse_option(word));
  }
  return options;
}

std::string resolve_program(const std::string& program) {
  const auto executable = [](const std::string& path) { return access(path.c_str(), X_OK) == 0; };
  if (program.find('/') != std::string::npos) {
    if (!executable(program)) throw SpecError(program + ": no such executable file");
    return program;
  }
  const char* path = std::getenv("PATH");
  std::istringstream directories(path != nullptr ? path : "/usr/bin:/bin");
  std::string directory;
  while (std::getline(directories, directory, ':')) {
    const std::string candidate = (directory.empty() ? "." : directory) + "/" + program;
    if (executable(candidate)) return candidate;
  }
  throw SpecError(program + ": not found on PATH");
}

}  // namespace brudno::tools::match
