#!/usr/bin/python3
# Counts test cases in meson's testlog.json: each TAP test program counts
# its "ok"/"not ok" lines; a program that crashed or timed out counts one
# failure more, and so does a program whose output holds a sanitizer's
# report (AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer),
# even where the program went on to pass. Prints "N passed, N failed[, N
# skipped]" and exits non-zero when anything failed.
#
# In CI (CI=true), a skip fails too, unless its reason is one no setup of
# the machine can fix (UNFIXABLE below): build-aux/setup installs what the
# tests need, so a skip there means a test that did not run on the machine
# meant to run them all. Each such skip counts as failed, not skipped, and
# is listed with its reason.

import json
import os
import re
import sys

# Skip reasons that no package or setting can remove, each matched in the
# reason a test gives (g_test_skip), with why it cannot be fixed.
UNFIXABLE = [
    # The CI chooses the user it runs as; a test must not make itself root.
    (re.compile(r'\(not root\)'), 'needs root, and the CI chooses its user'),
]

in_ci = os.environ.get('CI', '').lower() in ('true', '1', 'yes')

passed = failed = skipped = 0
tap_line = re.compile(r'^(not ok|ok)\b(.*)$')
sanitizer_report = re.compile(r'(^|\s)(ERROR: (Address|Leak)Sanitizer|'
                              r'SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer|'
                              r'\S+:\d+:\d+: runtime error: )', re.M)

try:
    with open(sys.argv[1], encoding='utf-8') as log:
        entries = [json.loads(line) for line in log if line.strip()]
except OSError as e:
    print(f'no test log: {e}')
    print('0 passed, 1 failed')
    sys.exit(1)

for entry in entries:
    result = entry.get('result', 'ERROR')
    counted = 0
    stdout = entry.get('stdout') or ''
    if re.search(r'^1\.\.\d+', stdout, re.M):
        for line in stdout.splitlines():
            m = tap_line.match(line)
            if not m:
                continue
            counted += 1
            rest = m.group(2)
            if '# SKIP' in rest or '# skip' in rest:
                reason = re.split(r'# (?:SKIP|skip)', rest, maxsplit=1)[1].strip()
                if in_ci and not any(p.search(reason) for p, _ in UNFIXABLE):
                    failed += 1
                    print(f"{entry.get('name')}:{rest.split('#')[0].strip()}: "
                          f"skipped in CI: {reason or 'no reason given'}")
                else:
                    skipped += 1
            elif m.group(1) == 'ok':
                passed += 1
            else:
                failed += 1
    if counted == 0:
        if result in ('OK', 'EXPECTEDFAIL'):
            passed += 1
        elif result == 'SKIP' and in_ci:
            # A whole program skipped (exit status 77) names no reason.
            failed += 1
            print(f"{entry.get('name')}: skipped in CI: no reason given")
        elif result == 'SKIP':
            skipped += 1
        else:
            failed += 1
    elif result not in ('OK', 'EXPECTEDFAIL', 'SKIP'):
        # A crash or timeout after some cases passed still fails.
        if not any(tap_line.match(l) and l.startswith('not ok')
                   for l in (entry.get('stdout') or '').splitlines()):
            failed += 1
            print(f"{entry.get('name')}: {result}")

    output = (entry.get('stdout') or '') + (entry.get('stderr') or '')
    report = sanitizer_report.search(output)
    if report:
        failed += 1
        line = output[report.start():].strip().splitlines()[0]
        print(f"{entry.get('name')}: sanitizer report: {line}")

summary = f'{passed} passed, {failed} failed'
if skipped:
    summary += f', {skipped} skipped'
print(summary)
sys.exit(1 if failed else 0)
