#pragma once
// Boost.Asio for brudno. Boost 1.74's awaitable.hpp uses std::exchange without
// including <utility>, which GCC 12 no longer pulls in on its own.
#include <utility>
// (The include above must come first.)
#include <boost/asio.hpp>
