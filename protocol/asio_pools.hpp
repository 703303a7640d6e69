#pragma once
// Asio keeps two kinds of small objects for the life of an io_context: the
// reactor's state for each socket it ever registered (pooled for reuse, never
// freed) and the mutexes its strands share (made on first use, up to a fixed
// number). Made lazily, they land between the short-lived allocations of the
// first sessions and, once those sessions are gone, pin the pages around them:
// the server stays half a megabyte larger than it began. Made up front, while
// the heap is still compact, they sit together at its start.

#include <cstddef>

#include "protocol/asio.hpp"

namespace brudno::protocol {

// Fills both pools: the reactor's with enough state for `sockets` sockets open
// at once, and every strand mutex.
void reserve_asio_pools(boost::asio::io_context& io, std::size_t sockets);

}  // namespace brudno::protocol
