# Writes OUTPUT, a C++ source holding the browser page's files as byte
# arrays (embedded_web_files.hpp), so that the brudno binary serves its page
# wherever it is installed. Run by the build (cmake -P) whenever a file
# changes: ROOT is protocol/web, LIST a file holding the files under it to
# embed (a ";"-list of absolute paths), PACKAGES 1 when the page's npm
# packages were among them.
cmake_minimum_required(VERSION 3.20)
set(code "// Made by protocol/embed_web_files.cmake from protocol/web at build time.\n")
string(APPEND code "#include \"protocol/embedded_web_files.hpp\"\n\nnamespace brudno::protocol {\nnamespace {\n\n")
file(READ "${LIST}" FILES)
set(table "")
set(index 0)
foreach(file IN LISTS FILES)
  file(RELATIVE_PATH relative "${ROOT}" "${file}")
  file(READ "${file}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  # A zero after the bytes: no array is empty, and the size leaves it out.
  string(APPEND code "const unsigned char kFile${index}[] = {${bytes}0};\n")
  string(APPEND table "    {\"${relative}\", {reinterpret_cast<const char*>(kFile${index}), sizeof kFile${index} - 1}},\n")
  math(EXPR index "${index} + 1")
endforeach()
string(APPEND code "\n}  // namespace\n\nstd::span<const EmbeddedWebFile> embedded_web_files() {\n")
string(APPEND code "  static const EmbeddedWebFile files[] = {\n${table}  };\n  return files;\n}\n\n")
if(PACKAGES)
  string(APPEND code "bool embedded_web_packages() { return true; }\n")
else()
  string(APPEND code "bool embedded_web_packages() { return false; }\n")
endif()
string(APPEND code "\n}  // namespace brudno::protocol\n")
file(WRITE "${OUTPUT}.new" "${code}")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
