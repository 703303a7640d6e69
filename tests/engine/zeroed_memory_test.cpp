#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <utility>

#include "engine/zeroed_array.hpp"
#include "engine/zeroed_pages.hpp"

namespace brudno::engine {
namespace {

bool all_zero(const unsigned char* bytes, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (bytes[i] != 0) return false;
  }
  return true;
}

// A table's memory comes whole huge pages at a time, aligned to them, every
// byte zero and writable; moved, it changes hands and is unmapped once.
TEST(ZeroedPages, AreWholeAlignedHugePagesOfZeros) {
  ZeroedPages pages(ZeroedPages::kHugePage + 1, ZeroedPages::Resident::kNow);
  ASSERT_FALSE(pages.empty());
  EXPECT_EQ(pages.bytes(), 2 * ZeroedPages::kHugePage);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(pages.data()) % ZeroedPages::kHugePage, 0u);
  auto* bytes = static_cast<unsigned char*>(pages.data());
  EXPECT_TRUE(all_zero(bytes, pages.bytes()));
  std::memset(bytes, 0xff, pages.bytes());
  EXPECT_EQ(bytes[pages.bytes() - 1], 0xff);

  ZeroedPages moved = std::move(pages);
  EXPECT_TRUE(pages.empty());  // NOLINT(bugprone-use-after-move): the moved-from state is the point
  EXPECT_EQ(moved.data(), bytes);
  moved = ZeroedPages(1, ZeroedPages::Resident::kWhenTouched);
  EXPECT_EQ(moved.bytes(), ZeroedPages::kHugePage);
  EXPECT_TRUE(all_zero(static_cast<unsigned char*>(moved.data()), moved.bytes()))
      << "new pages, not the old ones written over";
}

TEST(ZeroedPages, GivenUpLeaveNothingMapped) {
  const std::atomic<bool> given_up{true};
  const ZeroedPages pages(4 * ZeroedPages::kHugePage, ZeroedPages::Resident::kNow, &given_up);
  EXPECT_TRUE(pages.empty());
  EXPECT_EQ(pages.bytes(), 0u);
}

TEST(ZeroedArray, StartsZeroAndClearsToZero) {
  ZeroedArray<std::int16_t> values(1 << 20);
  ASSERT_EQ(values.size(), std::size_t{1} << 20);
  EXPECT_TRUE(all_zero(reinterpret_cast<const unsigned char*>(values.data()),
                       values.size() * sizeof(std::int16_t)));
  values[12345] = -7;
  values[values.size() - 1] = 3;
  EXPECT_EQ(values[12345], -7);
  values.clear();
  EXPECT_EQ(values[12345], 0);
  EXPECT_EQ(values[values.size() - 1], 0);
  EXPECT_TRUE(ZeroedArray<int>(0).empty());
}

}  // namespace
}  // namespace brudno::engine
