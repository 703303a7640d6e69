#pragma once
// A subcommand of the brudno executable: its arguments (after the command
// name), and the streams for its output and its complaints. Returns the exit status.

#include <iosfwd>
#include <string>
#include <vector>

namespace brudno::tools {

using Arguments = std::vector<std::string>;

int run_prove(const Arguments& args, std::ostream& out, std::ostream& err);
int run_check_proof(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno mate`: the exact chess mate search, its keys and their proofs.
int run_mate(const Arguments& args, std::ostream& out, std::ostream& err);
int run_suite(const Arguments& args, std::ostream& out, std::ostream& err);
int run_puzzle(const Arguments& args, std::ostream& out, std::ostream& err);
int run_serve(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno bench [N]`; run_bench (tools/bench_command.hpp) is the search itself.
int run_bench_command(const Arguments& args, std::ostream& out, std::ostream& err);
int run_perft(const Arguments& args, std::ostream& out, std::ostream& err);
int run_solve(const Arguments& args, std::ostream& out, std::ostream& err);
int run_epd(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno analyse FILE.epd|FILE.pgn`: every position analysed, written as EPD.
int run_analyse(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno tune FILE.pgn`: fits the chess evaluation's weights (tools/tune/).
int run_tune(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno fit-wdl FILE.pgn`: fits UCI_ShowWDL's model (tools/wdl/).
int run_fit_wdl(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno play 2048`: seeded self-play (tools/play/).
int run_play(const Arguments& args, std::ostream& out, std::ostream& err);
// `brudno selfplay`: chess training positions from self-play (tools/selfplay/).
int run_selfplay(const Arguments& args, std::ostream& out, std::ostream& err);

}  // namespace brudno::tools
