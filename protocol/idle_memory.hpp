#pragma once
// Gives the C library's freed memory back to the system once the server is
// idle (its last client gone), so that an idle server is as small as it began.

namespace brudno::protocol {

// Call on the thread that did most of the freeing (the I/O thread).
void return_freed_memory();

}  // namespace brudno::protocol
