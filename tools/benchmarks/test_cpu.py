#!/usr/bin/env python3
"""The CPU each test of a built preset costs, one test at a time.

Runs every test CTest lists for a build directory alone, as CTest would
(its command, its working directory; the tsan preset's TSAN_OPTIONS), and
prints for each the user and system seconds of it and of the processes it
waited for, and their minor page faults, heaviest first, then the sums.
What it shows is what a stage's tests cost in CPU, which on two cores is
what bounds the stage's time: run it with nothing else running.

  tools/benchmarks/test_cpu.py build/tsan [--regex NAME_PART] [--top N]
"""
import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tests_of(build):
    listing = subprocess.run(['ctest', '--test-dir', build, '--show-only=json-v1'],
                             capture_output=True, text=True, check=True)
    for test in json.loads(listing.stdout)['tests']:
        if not test.get('command'):
            continue
        properties = {p['name']: p['value'] for p in test.get('properties', [])}
        yield test['name'], test['command'], properties.get('WORKING_DIRECTORY', build)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('build', help='a configured and built preset directory, e.g. build/debug')
    parser.add_argument('--regex', default='', help='only tests whose name holds this text')
    parser.add_argument('--top', type=int, default=30, help='how many of the heaviest to print')
    args = parser.parse_args()
    env = dict(os.environ)
    if Path(args.build).name == 'tsan':
        env['TSAN_OPTIONS'] = (f'suppressions={ROOT}/tools/tsan.supp halt_on_error=1 '
                               'history_size=7 second_deadlock_stack=1')
    rows = []
    for name, command, directory in tests_of(args.build):
        if args.regex not in name:
            continue
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            status = subprocess.run(command, cwd=directory, env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, timeout=600).returncode
        except subprocess.TimeoutExpired:
            status = 'timeout'
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        rows.append((after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime,
                     after.ru_minflt - before.ru_minflt, name, status))
    rows.sort(key=lambda row: row[0] + row[1], reverse=True)
    print(f'{"user s":>8} {"sys s":>8} {"faults":>10}  test')
    for user, system, faults, name, status in rows[:args.top]:
        mark = '' if status == 0 else f'  (exit {status})'
        print(f'{user:8.2f} {system:8.2f} {faults:10d}  {name}{mark}')
    print(f'{sum(r[0] for r in rows):8.1f} {sum(r[1] for r in rows):8.1f} '
          f'{sum(r[2] for r in rows):10d}  all {len(rows)} tests')
    failed = [row[3] for row in rows if row[4] not in (0,)]
    # A skipped test exits 0; anything else is named, so a wrong figure is not taken for a cost.
    for name in failed:
        print(f'did not pass: {name}', file=sys.stderr)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
