# Runs a fuzzer for SECONDS on a working copy of its seed corpus (the seeds in
# the source tree stay as they are). Fails if the fuzzer finds a crash.
file(REMOVE_RECURSE ${WORK})
file(COPY ${SEEDS}/ DESTINATION ${WORK})
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -max_len=4096 -timeout=10 -rss_limit_mb=4096
          -print_final_stats=1 ${WORK}
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed with status ${status}")
endif()
