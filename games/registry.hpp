#pragma once
// A registry: types listed once, each under its name, in the order users see
// them. The lists a user is shown (the session's games, `brudno solve`'s
// puzzles) and the typed test suites are made from a registry, never written
// out again, so an entry added here is everywhere at once.

#include <array>
#include <cstddef>
#include <string_view>

namespace brudno::games {

// A name fixed at compile time, as a template argument: Named<"8puzzle", EightPuzzle>.
template <std::size_t N>
struct FixedName {
  char text[N]{};
  // Implicit: the argument is written as a string literal.
  constexpr FixedName(const char (&literal)[N]) {
    for (std::size_t at = 0; at < N; ++at) text[at] = literal[at];
  }
  [[nodiscard]] constexpr std::string_view view() const { return {text, N - 1}; }
};

// A type registered under a name it does not carry itself (a puzzle's, whose
// type may serve several names or none).
template <FixedName Name, class T>
struct Named {
  static constexpr std::string_view kName = Name.view();
  using Type = T;
};

// Each entry has a kName: a game's own, or a Named's.
template <class... Entries>
struct Registry {
  static constexpr std::size_t kSize = sizeof...(Entries);
  static constexpr std::array<std::string_view, kSize> kNames = {Entries::kName...};

  // Calls visitor.template operator()<Entry>() for the entry named `name`;
  // false if none is.
  template <class Visitor>
  static bool visit(std::string_view name, Visitor&& visitor) {
    return ((name == Entries::kName ? (visitor.template operator()<Entries>(), true) : false) ||
            ...);
  }

  // The entries as the arguments of another template: ::testing::Types for a
  // typed test suite.
  template <template <class...> class Into>
  using Apply = Into<Entries...>;

  // The registry with more entries after these (a test's own games).
  template <class... More>
  using With = Registry<Entries..., More...>;
};

}  // namespace brudno::games
