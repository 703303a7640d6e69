#include "protocol/page_headers.hpp"

#include <openssl/evp.h>
#include <openssl/sha.h>

#include <array>

namespace brudno::protocol {
namespace {

// 'sha256-<base64>' of a script's text, as CSP writes a hash source.
std::string hash_source(std::string_view script) {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> digest{};
  SHA256(reinterpret_cast<const unsigned char*>(script.data()), script.size(), digest.data());
  std::array<unsigned char, 4 * ((SHA256_DIGEST_LENGTH + 2) / 3) + 1> base64{};
  const int length = EVP_EncodeBlock(base64.data(), digest.data(), SHA256_DIGEST_LENGTH);
  return "'sha256-" +
         std::string(reinterpret_cast<const char*>(base64.data()),
                     static_cast<std::size_t>(length)) +
         "'";
}

}  // namespace

std::string content_security_policy(std::string_view html) {
  std::string scripts = "'self'";
  for (std::size_t at = html.find("<script"); at != std::string_view::npos;
       at = html.find("<script", at + 1)) {
    const auto tag_end = html.find('>', at);
    if (tag_end == std::string_view::npos) break;
    const std::string_view tag = html.substr(at, tag_end - at);
    if (tag.find(" src=") != std::string_view::npos) continue;
    const auto close = html.find("</script>", tag_end);
    if (close == std::string_view::npos) break;
    scripts += ' ' + hash_source(html.substr(tag_end + 1, close - tag_end - 1));
  }
  // Styles may be inline: the board sets its squares' styles itself.
  return "default-src 'self'; script-src " + scripts +
         "; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
         "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
}

}  // namespace brudno::protocol
