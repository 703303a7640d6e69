#pragma once
// A count given on the command line: sessions, bytes, megabytes, positions.
// Program_options reads "-1" into an unsigned type as its largest value, so
// `--limit -1` or `--max-sessions -1` would pass as "no limit"; a Count is
// read as digits only and refused otherwise.

#include <boost/any.hpp>
#include <boost/program_options/errors.hpp>
#include <boost/program_options/value_semantic.hpp>
#include <charconv>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace brudno::tools {

struct Count {
  std::size_t value = 0;
};

inline std::ostream& operator<<(std::ostream& out, Count count) {
  return out << count.value;
}

// Found by Program_options through argument-dependent lookup.
inline void validate(boost::any& result, const std::vector<std::string>& values, Count*, int) {
  namespace po = boost::program_options;
  po::validators::check_first_occurrence(result);
  const std::string& text = po::validators::get_single_string(values);
  Count count;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), count.value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    throw po::invalid_option_value(text);
  }
  result = count;
}

}  // namespace brudno::tools
