#pragma once
// The headers that keep the browser page to itself: the Content-Security-
// Policy of an HTML page (its own scripts, styles, images and socket only;
// its inline scripts, the import map, by their SHA-256), and for every
// response no type sniffing and no Referer to other sites.

#include <string>
#include <string_view>

namespace brudno::protocol {

inline constexpr std::string_view kNoSniff = "nosniff";
inline constexpr std::string_view kReferrerPolicy = "no-referrer";

// The policy for `html`; each inline <script> (one without src) is allowed
// by its hash, so the page runs while an injected script would not.
[[nodiscard]] std::string content_security_policy(std::string_view html);

}  // namespace brudno::protocol
