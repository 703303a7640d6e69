#pragma once

#include <cstdio>
#include <string>

namespace brudno::tools {

// `value` with exactly `decimals` digits after the point ("0.250"), as the
// commands print fitted weights, rates and Elo figures.
inline std::string fixed_decimals(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

}  // namespace brudno::tools
