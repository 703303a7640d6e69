# Writes OUTPUT, a C++ source holding the bytes of the network file INPUT
# (games/chess/eval/nnue/default.nnue) as an array, so that the binary carries
# its default network (embedded_network.hpp). Run by the build (cmake -P)
# whenever the file changes.
cmake_minimum_required(VERSION 3.20)
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
set(code "// Made by games/chess/eval/nnue/embed_network.cmake from default.nnue at build time.\n")
string(APPEND code "#include \"games/chess/eval/nnue/embedded_network.hpp\"\n\n")
string(APPEND code "namespace brudno::games::chess::nnue {\nnamespace {\n\n")
# A zero after the bytes: the array is never empty, and the span leaves it out.
string(APPEND code "const std::uint8_t kBytes[] = {${bytes}0};\n\n}  // namespace\n\n")
string(APPEND code "std::span<const std::uint8_t> embedded_network_bytes() {\n")
string(APPEND code "  return {kBytes, sizeof kBytes - 1};\n}\n\n}  // namespace brudno::games::chess::nnue\n")
file(WRITE "${OUTPUT}.new" "${code}")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
