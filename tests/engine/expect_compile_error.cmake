# cmake -DCOMPILER=... -DSOURCE=... -DINCLUDE=... -DCASE=n [-DEXPECT=regex] -P expect_compile_error.cmake
# Compiles SOURCE with BRUDNO_TRAITS_CASE=CASE, syntax only. Without EXPECT
# the compile must succeed; with it, it must fail with an error matching it.
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE} -DBRUDNO_TRAITS_CASE=${CASE} ${SOURCE}
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(NOT DEFINED EXPECT)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "case ${CASE} should compile, but:\n${output}")
  endif()
  message(STATUS "case ${CASE} compiles")
elseif(result EQUAL 0)
  message(FATAL_ERROR "case ${CASE} compiled; it should fail with '${EXPECT}'")
elseif(NOT output MATCHES "${EXPECT}")
  message(FATAL_ERROR "case ${CASE} failed, but not with '${EXPECT}':\n${output}")
else()
  message(STATUS "case ${CASE} fails as it should, with '${EXPECT}'")
endif()
