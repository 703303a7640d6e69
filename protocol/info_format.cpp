#include "protocol/info_format.hpp"

namespace brudno::protocol {

std::string format_score(engine::Score score) {
  if (engine::is_decisive(score)) return "mate " + std::to_string(engine::mate_in_moves(score));
  return "cp " + std::to_string(score);
}

}  // namespace brudno::protocol
