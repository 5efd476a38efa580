/* isc-demo-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated API's log lines: see isc-demo-logs-private.h and
 * README.md, "Simulated API". Lines are made a chunk of 30-second buckets
 * at a time, from the bucket numbers the metrics are made of, sorted,
 * filtered and written until the limit is reached.
 */

#define G_LOG_DOMAIN "isc-demo-logs"

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-demo-generator-private.h"
#include "isc-demo-logs-private.h"
#include "isc-math.h"

#define BUCKET        _ISC_DEMO_BUCKET_SECONDS
#define NS_PER_S      G_GINT64_CONSTANT (1000000000)
#define BUCKET_NS     ((gint64) BUCKET * NS_PER_S)
#define CHUNK_BUCKETS 40
#define MAX_SLOTS     64
/* How far back a replica's start is looked for, at most: a week. */
#define MAX_SCAN_BUCKETS (7 * 24 * 3600 / BUCKET)
/* The hostile fault's lines come every this many buckets (5 minutes). */
#define HOSTILE_EVERY 10
/* A failed deployment: build, then this many attempts this far apart. */
#define FAILED_ATTEMPTS   3
#define FAILED_BUILD_S    160
#define FAILED_ATTEMPT_S  420

/* Kubernetes' pod-name alphabet: no vowels, no look-alikes. */
static const char replica_alphabet[] = "bcdfghjklmnpqrstvwxz2456789";

typedef enum
{
  KIND_REQUEST_OK,
  KIND_REQUEST_DEBUG,
  KIND_REQUEST_4XX,
  KIND_REQUEST_5XX,
  KIND_MONITOR,
  KIND_BUILD,      /* variant: the step */
  KIND_STARTUP,
  KIND_SHUTDOWN,
  KIND_RESTART,
  KIND_FAILED,
  KIND_HOSTILE,    /* variant: the index */
} LineKind;

/* One line, before its message is written: the filters on time, level,
 * replica and request id look at this alone.
 */
typedef struct
{
  gint64   ts_ns;
  guint32  seq;
  guint8   kind;
  guint8   level;
  guint8   dep;          /* index into the request's deployments */
  guint8   variant;
  char     replica[6];   /* "" for none */
  guint64  request;      /* the request's key; 0 for none */
  double   x, y, z;      /* numbers in the message */
} Line;

/* Where a replica slot's current replica started, known on [start, until]. */
typedef struct
{
  gint64 start;
  gint64 until;
  gboolean known;
} SlotMemo;

typedef struct
{
  const IscDemoDeployment *dep;
  guint64                  key;
  gint64                   created_s;
  gint64                   first_bucket;  /* the first bucket it exists in */
  gint64                   margin;        /* buckets an event reaches forward */
  gboolean                 failed;
  SlotMemo                 memo[MAX_SLOTS];
} DepState;

typedef struct
{
  const IscDemoLogsRequest *request;
  guint64                   seed;
  gint64                    now_s;
  gint64                    lo_ns;        /* the window, both ends included */
  gint64                    hi_ns;
  DepState                 *deps;
  guint                     n_deps;
  GArray                   *lines;        /* of Line: the chunk */
  guint32                   seq;
  GString                  *message;      /* scratch */
  GString                  *out;
  guint                     n_out;
  /* The request id asked for, parsed */
  gboolean                  request_id_ok;
  guint64                   request_high;
  guint64                   request_low;
} Build;

static inline guint64
hash3 (guint64 key,
       guint64 a,
       guint64 b)
{
  return _isc_demo_mix64 (key ^ _isc_demo_mix64 (a * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) ^ _isc_demo_mix64 (b + 0x51ed)));
}

/* Uniform in [0, 1). */
static inline double
unit (guint64 h)
{
  return (double) (h >> 11) * (1.0 / 9007199254740992.0);
}

static guint64
string_key (const char *str)
{
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

  for (const char *p = str; *p != '\0'; p++)
    h = (h ^ (guchar) *p) * G_GUINT64_CONSTANT (1099511628211);

  return h;
}

static guint64
gcd64 (guint64 a,
       guint64 b)
{
  while (b != 0)
    {
      guint64 r = a % b;

      a = b;
      b = r;
    }

  return a;
}

/* Levels */

static const char * const level_names[] = { NULL, "DEBUG", "INFO", "WARNING", "ERROR" };

gboolean
_isc_demo_log_level_from_string (const char      *text,
                                 IscDemoLogLevel *level)
{
  for (guint i = 1; i < G_N_ELEMENTS (level_names); i++)
    {
      if (g_strcmp0 (text, level_names[i]) == 0)
        {
          *level = (IscDemoLogLevel) i;
          return TRUE;
        }
    }

  return FALSE;
}

/* The hostile fault's lines */

typedef struct
{
  const char *text;
  gsize       length;
  guint8      level;
} Hostile;

#define HOSTILE(s, level) { s, sizeof s - 1, level }

static const Hostile hostile_lines[] = {
  /* 0: the huge line, filled in by hostile_huge () */
  { NULL, 0, _ISC_DEMO_LOG_LEVEL_INFO },
  HOSTILE ("Progress \x1b[2J\x1b[H\x1b[5A\x1b[10;20Hcleared your screen\x1b[K and moved the cursor\x1b[1000D\x1b[?25l",
           _ISC_DEMO_LOG_LEVEL_WARNING),
  HOSTILE ("\x1b]0;You have been pwned\x07Set the terminal title \x1b]2;again\x1b\\ twice",
           _ISC_DEMO_LOG_LEVEL_WARNING),
  HOSTILE ("Click \x1b]8;;https://evil.invalid/\x1b\\here\x1b]8;;\x1b\\ and \x1b]52;c;cm0gLXJmIH4K\x07copied to the clipboard",
           _ISC_DEMO_LOG_LEVEL_NONE),
  HOSTILE ("Invalid UTF-8: \xff\xfe | \xc3\x28 | \xe2\x82 | \xed\xa0\x80 | \xc0\xaf | \xf8\x88\x80\x80\x80 | end",
           _ISC_DEMO_LOG_LEVEL_ERROR),
  HOSTILE ("NUL here:\0 and two\0\0 there", _ISC_DEMO_LOG_LEVEL_NONE),
  HOSTILE ("Bidi: \xe2\x80\xae" "exe.txt" "\xe2\x80\xac" " | \xe2\x81\xa6isolate\xe2\x81\xa9 | \xe2\x80\x8f" "rtl mark"
           " | zero\xe2\x80\x8bwidth\xef\xbb\xbf",
           _ISC_DEMO_LOG_LEVEL_INFO),
  HOSTILE ("Bell\x07 backspace\x08\x08\x08 carriage return\roverwritten | DEL\x7f | C1 CSI \xc2\x9b" "31m red | form\x0c"
           "feed | vertical\x0btab",
           _ISC_DEMO_LOG_LEVEL_WARNING),
  HOSTILE ("Queries: \x1bP+q544e\x1b\\ \x1b[6n \x1b[c \x1b_apc\x1b\\ \x1b^pm\x1b\\ \x1b" "c reset",
           _ISC_DEMO_LOG_LEVEL_NONE),
  HOSTILE ("\x1b[1;31mERROR\x1b[0m in red, \x1b[38;2;255;0;0mtrue colour\x1b[0m, \x1b[38;5;208m256 colours\x1b[0m,"
           " \x1b[5mblink\x1b[0m, \x1b[8mhidden\x1b[0m",
           _ISC_DEMO_LOG_LEVEL_ERROR),
  /* 10: an escape that never ends, filled in by hostile_huge () */
  { NULL, 0, _ISC_DEMO_LOG_LEVEL_NONE },
};

/* The request id of the hostile line that has one. */
#define HOSTILE_REQUEST_ID_LINE 2
static const char hostile_request_id[] = "\x1b[2Jreq-\xe2\x80\xae" "4321";

static const char *
hostile_huge (guint  index,
              gsize *length)
{
  static gsize once = 0;
  static GString *huge = NULL;
  static GString *unterminated = NULL;

  if (g_once_init_enter (&once))
    {
      /* Over 1 MiB in one line, as a model that prints a tensor does. */
      huge = g_string_sized_new (1300 * 1024);
      g_string_append (huge, "Dumping logits: [");
      for (guint i = 0; huge->len < 1200 * 1024; i++)
        g_string_append_printf (huge, "%s%.4f", i > 0 ? ", " : "", (double) (i % 9973) / 9973.0);
      g_string_append (huge, "] END");

      unterminated = g_string_new ("Unterminated: \x1b[");
      for (guint i = 0; i < 4000; i++)
        g_string_append_c (unterminated, '9');
      g_string_append (unterminated, "; then \x1b]0;a title with no end");

      g_once_init_leave (&once, 1);
    }

  if (index == 0)
    {
      *length = huge->len;
      return huge->str;
    }

  *length = unterminated->len;
  return unterminated->str;
}

const char *
_isc_demo_logs_hostile_message (guint  index,
                                gsize *length,
                                guint *n)
{
  gsize unused;

  if (n != NULL)
    *n = G_N_ELEMENTS (hostile_lines);
  if (length == NULL)
    length = &unused;
  if (index >= G_N_ELEMENTS (hostile_lines))
    return NULL;

  if (hostile_lines[index].text == NULL)
    return hostile_huge (index, length);

  *length = hostile_lines[index].length;
  return hostile_lines[index].text;
}

/* RE2's limits */

static char *
re2_problem (const char *what,
             const char *from,
             gsize       length)
{
  return g_strdup_printf ("%s: `%.*s`", what, (int) length, from);
}

char *
_isc_demo_logs_re2_problem (const char *pattern)
{
  gboolean in_class = FALSE;

  for (const char *p = pattern; *p != '\0'; p++)
    {
      if (*p == '\\')
        {
          char c = p[1];

          if (c == '\0')
            return g_strdup ("trailing \\");
          /* A lone digit is a backreference; \12 would be octal. */
          if ((c >= '1' && c <= '9' && !(p[2] >= '0' && p[2] <= '7' && c <= '7')) ||
              c == 'k' || c == 'g' || c == 'G' || c == 'Z' || c == 'R' || c == 'X' ||
              c == 'K' || c == 'h' || c == 'H' || c == 'V' || c == 'N')
            return re2_problem ("invalid escape sequence", p, 2);
          if (c == 'Q')
            {
              const char *end = strstr (p + 2, "\\E");

              if (end == NULL)
                return NULL;
              p = end + 1;
              continue;
            }
          p++;
          continue;
        }

      if (in_class)
        {
          if (*p == ']')
            in_class = FALSE;
          continue;
        }

      if (*p == '[')
        {
          in_class = TRUE;
          /* A ']' first in the class is a literal. */
          if (p[1] == '^')
            p++;
          if (p[1] == ']')
            p++;
          continue;
        }

      if (*p == '(' && p[1] == '?')
        {
          const char *q = p + 2;

          if (g_str_has_prefix (q, "P<") || (q[0] == '<' && q[1] != '=' && q[1] != '!'))
            continue;
          if (*q == ':')
            continue;
          /* Flags: RE2 knows i, m, s and U, set or cleared. */
          while (*q == 'i' || *q == 'm' || *q == 's' || *q == 'U' || *q == '-')
            q++;
          if (q > p + 2 && (*q == ')' || *q == ':'))
            continue;

          if (*q == '<' || *q == '=' || *q == '!' || *q == '>' || *q == '|' || *q == '(' ||
              *q == '#' || *q == 'R' || *q == '&' || *q == 'P' || *q == '+' || g_ascii_isdigit (*q) ||
              g_ascii_isalpha (*q))
            {
              gsize n = (gsize) (q - p) + 1;

              if (*q == '<' && (q[1] == '=' || q[1] == '!'))
                n++;
              return re2_problem ("invalid or unsupported Perl syntax", p, n);
            }
          return re2_problem ("missing argument to repetition operator", p + 1, 1);
        }

      /* Possessive quantifiers: a*+, a++, a?+, a{2}+ */
      if ((*p == '*' || *p == '+' || *p == '?' || *p == '}') && p[1] == '+' && p > pattern)
        return re2_problem ("bad repetition operator", p, 2);
    }

  return NULL;
}

/* Deployments */

static gboolean
has_minimum_always (const IscDemoDeployment *dep)
{
  /* These never drop below their minimum between creation and, for the
   * deployment replaced by a promotion, the promotion. */
  return dep->share == _ISC_DEMO_SHARE_ALWAYS ||
         dep->share == _ISC_DEMO_SHARE_UNTIL_PROMOTION ||
         dep->share == _ISC_DEMO_SHARE_FROM_PROMOTION;
}

static void
dep_state_init (DepState                *st,
                const IscDemoDeployment *dep,
                guint64                  seed,
                gint64                   now_s)
{
  memset (st, 0, sizeof *st);
  st->dep = dep;
  st->key = _isc_demo_mix64 (seed ^ G_GUINT64_CONSTANT (0x6c6f6773)) ^ string_key (dep->id);
  st->created_s = _isc_demo_fleet_created_time (dep, seed, now_s);
  st->first_bucket = isc_floor_div (st->created_s + BUCKET - 1, BUCKET);
  st->margin = (dep->start_seconds + BUCKET - 1) / BUCKET + 3;
  st->failed = g_str_has_suffix (dep->status, "FAILED");
}

static void
replica_id (const DepState *st,
            guint           slot,
            gint64          run_start,
            char            out[6])
{
  guint64 h = hash3 (st->key, slot + 1, (guint64) run_start);

  for (guint i = 0; i < 5; i++)
    {
      out[i] = replica_alphabet[h % (sizeof replica_alphabet - 1)];
      h /= sizeof replica_alphabet - 1;
    }
  out[5] = '\0';
}

/* The bucket where the replica in @slot at bucket @at started: looked
 * back for as far as it has run, from the memo when it knows.
 */
static gint64
slot_run_start (Build    *b,
                DepState *st,
                guint     slot,
                gint64    at)
{
  SlotMemo *memo = &st->memo[slot];
  gint64 i;

  if (slot < st->dep->min_replica && has_minimum_always (st->dep))
    return st->first_bucket;
  if (memo->known && memo->start <= at && at <= memo->until)
    return memo->start;

  for (i = at - 1; i >= st->first_bucket && at - i < MAX_SCAN_BUCKETS; i--)
    {
      if (_isc_demo_generator_pods_at (st->dep, b->seed, b->now_s, i * BUCKET) <= slot)
        break;
    }

  memo->known = TRUE;
  memo->start = i + 1;
  memo->until = at;
  return i + 1;
}

static void
slot_remember (DepState *st,
               guint     slot,
               gint64    start,
               gint64    until)
{
  SlotMemo *memo = &st->memo[slot];

  if (memo->known && memo->start == start)
    memo->until = MAX (memo->until, until);
  else
    {
      memo->known = TRUE;
      memo->start = start;
      memo->until = until;
    }
}

/* Lines */

static Line *
add_line (Build          *b,
          guint           dep,
          LineKind        kind,
          IscDemoLogLevel level,
          gint64          ts_ns,
          const char     *replica)
{
  Line line = { 0 };

  line.ts_ns = ts_ns;
  line.seq = b->seq++;
  line.kind = kind;
  line.level = level;
  line.dep = dep;
  if (replica != NULL)
    memcpy (line.replica, replica, 6);
  g_array_append_val (b->lines, line);

  return &g_array_index (b->lines, Line, b->lines->len - 1);
}

/* Scripts: a sequence of steps at fractions of a span. */
typedef struct
{
  double          at;      /* fraction of the span */
  IscDemoLogLevel level;
} Step;

static const Step build_steps[] = {
  { 0.00, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.03, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.10, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.18, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.22, _ISC_DEMO_LOG_LEVEL_NONE },
  { 0.55, _ISC_DEMO_LOG_LEVEL_NONE },
  { 0.70, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.85, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.99, _ISC_DEMO_LOG_LEVEL_INFO },
  { 1.00, _ISC_DEMO_LOG_LEVEL_INFO },
};

static const Step startup_steps[] = {
  { 0.00, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.04, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.25, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.30, _ISC_DEMO_LOG_LEVEL_NONE },
  { 0.60, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.965, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.975, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.98, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.99, _ISC_DEMO_LOG_LEVEL_INFO },
};

/* Seconds after the start of a shut-down, a restart, a failed attempt. */
static const Step shutdown_steps[] = {
  { 0.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.4, _ISC_DEMO_LOG_LEVEL_INFO },
  { 0.9, _ISC_DEMO_LOG_LEVEL_INFO },
  { 1.2, _ISC_DEMO_LOG_LEVEL_INFO },
};

static const Step restart_steps[] = {
  { 0.0, _ISC_DEMO_LOG_LEVEL_ERROR },
  { 0.3, _ISC_DEMO_LOG_LEVEL_WARNING },
  { 2.5, _ISC_DEMO_LOG_LEVEL_INFO },
  { 3.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 31.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 31.5, _ISC_DEMO_LOG_LEVEL_INFO },
};

static const Step attempt_steps[] = {
  { 0.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 4.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 58.0, _ISC_DEMO_LOG_LEVEL_NONE },
  { 61.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 131.0, _ISC_DEMO_LOG_LEVEL_INFO },
  { 187.0, _ISC_DEMO_LOG_LEVEL_ERROR },
  { 187.2, _ISC_DEMO_LOG_LEVEL_ERROR },
  { 190.0, _ISC_DEMO_LOG_LEVEL_WARNING },
};

static inline gint64
seconds_to_ns (double s)
{
  return (gint64) llround (s * (double) NS_PER_S);
}

/* Adds the steps of a script that starts at @t0_ns and lasts @span_s
 * (steps at fractions of it), or, with @span_s 1, at seconds after it;
 * only those in [@from_ns, @to_ns).
 */
static void
add_script (Build       *b,
            guint        dep,
            LineKind     kind,
            const Step  *steps,
            guint        n_steps,
            gint64       t0_ns,
            double       span_s,
            const char  *replica,
            gint64       from_ns,
            gint64       to_ns,
            double       x,
            double       y)
{
  for (guint i = 0; i < n_steps; i++)
    {
      gint64 ts = t0_ns + seconds_to_ns (steps[i].at * span_s) + i;
      Line *line;

      if (ts < from_ns || ts >= to_ns)
        continue;
      line = add_line (b, dep, kind, steps[i].level, ts, replica);
      line->variant = i;
      line->x = x;
      line->y = y;
    }
}

/* The requests of one bucket. */
static void
add_requests (Build                    *b,
              guint                     dep_index,
              DepState                 *st,
              gint64                    bucket,
              const IscDemoBucketFacts *f,
              const gint64             *run_starts)
{
  guint64 n = (guint64) f->n;
  guint64 n5 = (guint64) f->n_status[2];
  guint64 n4 = (guint64) f->n_status[1];
  guint64 cap = (guint64) _ISC_DEMO_LOGS_SAMPLE_PER_BUCKET * MAX (b->request->log_rate, 1);
  guint active = MIN ((guint) f->active, MAX_SLOTS);
  guint64 h = hash3 (st->key, 11, (guint64) bucket);
  guint64 a, c;

  if (n == 0)
    return;

  /* Which requests failed: an affine permutation of their order. */
  a = 1 + h % n;
  while (gcd64 (a, n) != 1)
    a = a % n + 1;
  c = _isc_demo_mix64 (h) % n;

  /* s = (a·j + c) mod n and the sample's r = j·cap mod n, kept as j
   * goes up: no division per request, where a bucket may hold a
   * thousand of them. Request j is sampled when r + cap reaches n. */
  a %= n;
  for (guint64 j = 0, s = c, r = 0; j < n; j++, s = s + a >= n ? s + a - n : s + a)
    {
      gboolean is5 = s < n5;
      gboolean is4 = !is5 && s < n5 + n4;
      gboolean sampled = n <= cap || r + cap >= n;
      guint64 key;
      gint64 ts;
      char replica[6] = "";
      guint slot;
      Line *line;

      if (n > cap)
        r = r + cap >= n ? r + cap - n : r + cap;
      if (!is5 && !is4 && !sampled)
        continue;

      key = hash3 (st->key, (guint64) bucket, j + 1) | 1;
      ts = bucket * BUCKET_NS + (gint64) (((double) j + 0.05 + 0.9 * unit (key)) / (double) n * (double) BUCKET_NS);

      /* With no replica ready (a cold start), on none yet. */
      if (active > 0)
        {
          slot = (guint) (_isc_demo_mix64 (key) % active);
          replica_id (st, slot, run_starts[slot], replica);
        }

      if (is5)
        line = add_line (b, dep_index, KIND_REQUEST_5XX, _ISC_DEMO_LOG_LEVEL_ERROR, ts, replica);
      else if (is4)
        line = add_line (b, dep_index, KIND_REQUEST_4XX, _ISC_DEMO_LOG_LEVEL_WARNING, ts, replica);
      else
        {
          /* A quarter of the logged successes say first what the server
           * scheduled, at DEBUG. */
          if ((key >> 5) % 4 == 0 && ts - 1000 >= bucket * BUCKET_NS)
            {
              line = add_line (b, dep_index, KIND_REQUEST_DEBUG, _ISC_DEMO_LOG_LEVEL_DEBUG, ts - 1000, replica);
              line->request = key;
              line->x = f->load;
              line->y = f->tokens_in;
            }
          line = add_line (b, dep_index, KIND_REQUEST_OK, _ISC_DEMO_LOG_LEVEL_INFO, ts, replica);
        }

      line->request = key;
      line->variant = (guint8) ((key >> 8) % 4);
      /* This request's latency, about the bucket's median. */
      line->x = f->latency * exp (0.45 * (unit (_isc_demo_mix64 (key + 1)) * 2 - 1));
      line->y = f->tokens_in;
      line->z = f->tokens_out;
    }
}

/* Every line of @st in buckets [cs, ce), from events that started up to
 * its margin before.
 */
static void
add_deployment_chunk (Build    *b,
                      guint     dep_index,
                      DepState *st,
                      gint64    cs,
                      gint64    ce)
{
  const IscDemoDeployment *dep = st->dep;
  gint64 from_ns = cs * BUCKET_NS;
  gint64 to_ns = ce * BUCKET_NS;
  gint64 a = MAX (cs - st->margin, st->first_bucket);
  gint64 run_starts[MAX_SLOTS] = { 0 };
  guint prev_pods = 0;
  char replica[6];

  /* A failed deployment's last lines: its build and attempts to load. */
  if (st->failed)
    {
      gint64 c_ns = st->created_s * NS_PER_S;
      gint64 last_ns = c_ns + seconds_to_ns (FAILED_BUILD_S + FAILED_ATTEMPTS * FAILED_ATTEMPT_S + 5);

      if (last_ns < from_ns || c_ns >= to_ns)
        return;

      add_script (b, dep_index, KIND_BUILD, build_steps, G_N_ELEMENTS (build_steps),
                  c_ns + NS_PER_S / 3, FAILED_BUILD_S - 10, NULL, from_ns, to_ns, FAILED_BUILD_S - 10, 1);
      replica_id (st, 0, st->first_bucket, replica);
      for (guint i = 0; i < FAILED_ATTEMPTS; i++)
        add_script (b, dep_index, KIND_FAILED, attempt_steps, G_N_ELEMENTS (attempt_steps) - (i + 1 == FAILED_ATTEMPTS),
                    c_ns + seconds_to_ns (FAILED_BUILD_S + i * FAILED_ATTEMPT_S), 1, replica, from_ns, to_ns,
                    i + 1, FAILED_ATTEMPTS);
      /* The end: no replica ever became ready. */
      if (last_ns - 2 * NS_PER_S >= from_ns && last_ns - 2 * NS_PER_S < to_ns)
        add_line (b, dep_index, KIND_FAILED, _ISC_DEMO_LOG_LEVEL_ERROR, last_ns - 2 * NS_PER_S, NULL)->variant = 100;
      return;
    }

  if (dep->share == _ISC_DEMO_SHARE_NONE || ce <= st->first_bucket || a * BUCKET >= b->now_s)
    return;

  /* The build, once, right after the creation: no replica yet. */
  {
    double build_s = 0.45 * dep->start_seconds;

    add_script (b, dep_index, KIND_BUILD, build_steps, G_N_ELEMENTS (build_steps),
                st->created_s * NS_PER_S + NS_PER_S / 3, build_s, NULL, from_ns, to_ns, build_s, 0);
  }

  for (gint64 i = a; i < ce; i++)
    {
      IscDemoBucketFacts f;
      guint pods, active;
      gint64 t0_ns = i * BUCKET_NS;

      _isc_demo_generator_bucket_facts (dep, b->seed, b->now_s, i * BUCKET, &f);
      pods = MIN ((guint) (f.active + f.starting), MAX_SLOTS);
      active = MIN ((guint) f.active, pods);

      /* Replicas that started here, or before the first bucket looked at. */
      for (guint k = 0; k < pods; k++)
        {
          if (i == a)
            run_starts[k] = slot_run_start (b, st, k, i);
          else if (k >= prev_pods)
            run_starts[k] = i;

          if (run_starts[k] == i)
            {
              /* The first replicas load once the build is done. */
              double from = i == st->first_bucket ? 0.5 : 0.0;
              double span = dep->start_seconds * (1.0 - from) - 1.0;

              replica_id (st, k, i, replica);
              add_script (b, dep_index, KIND_STARTUP, startup_steps, G_N_ELEMENTS (startup_steps),
                          t0_ns + seconds_to_ns (from * dep->start_seconds + 0.25 + 0.1 * k), span,
                          replica, from_ns, to_ns, span, k);
            }
        }

      /* Replicas that stopped here: the newest go first. */
      for (guint k = pods; k < prev_pods; k++)
        {
          replica_id (st, k, run_starts[k], replica);
          add_script (b, dep_index, KIND_SHUTDOWN, shutdown_steps, G_N_ELEMENTS (shutdown_steps),
                      t0_ns + seconds_to_ns (0.5 + 0.2 * (k - pods)), 1, replica, from_ns, to_ns,
                      (double) (hash3 (st->key, 21, (guint64) run_starts[k]) % 900 + 7), 0);
        }

      /* A restart where the restarts counter counts one. */
      if (f.restart && active > 0)
        {
          guint64 h = hash3 (st->key, 31, (guint64) i);
          guint slot = (guint) (h % active);

          replica_id (st, slot, run_starts[slot], replica);
          add_script (b, dep_index, KIND_RESTART, restart_steps, G_N_ELEMENTS (restart_steps),
                      t0_ns + seconds_to_ns (1.0 + 20.0 * unit (_isc_demo_mix64 (h))), 1, replica, from_ns, to_ns,
                      dep->memory_limit_mib / 1024.0, 1.0 + 0.04 * unit (_isc_demo_mix64 (h + 1)));
        }

      if (i >= cs)
        {
          add_requests (b, dep_index, st, i, &f, run_starts);

          /* A monitor every replica runs prints without a level. */
          for (guint k = 0; k < active; k++)
            {
              Line *line;

              if (isc_floor_mod (i + 3 * k, 10) != 0)
                continue;
              replica_id (st, k, run_starts[k], replica);
              line = add_line (b, dep_index, KIND_MONITOR, _ISC_DEMO_LOG_LEVEL_NONE,
                               t0_ns + seconds_to_ns (7.0 + 0.3 * k), replica);
              line->x = f.load;
              line->y = dep->memory_bytes;
            }
        }

      for (guint k = 0; k < pods; k++)
        slot_remember (st, k, run_starts[k], i);
      prev_pods = pods;
    }
}

static void
add_hostile_chunk (Build  *b,
                   gint64  cs,
                   gint64  ce)
{
  for (gint64 i = cs; i < ce; i++)
    {
      if (isc_floor_mod (i, HOSTILE_EVERY) != 0 || i * BUCKET >= b->now_s)
        continue;

      for (guint v = 0; v < G_N_ELEMENTS (hostile_lines); v++)
        {
          Line *line = add_line (b, 0, KIND_HOSTILE, hostile_lines[v].level,
                                 i * BUCKET_NS + seconds_to_ns (1.0 + v * 1.5), NULL);

          line->variant = v;
          if (v == HOSTILE_REQUEST_ID_LINE)
            line->request = 1;
        }
    }
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  const Line *la = a, *lb = b;

  if (la->ts_ns != lb->ts_ns)
    return la->ts_ns < lb->ts_ns ? -1 : 1;
  return la->seq < lb->seq ? -1 : la->seq > lb->seq;
}

/* Messages */

/* A request id: 32 hex digits, two hashes of the request's key. */
static inline guint64
request_id_high (guint64 key)
{
  return _isc_demo_mix64 (key ^ 0x72657175);
}

static inline guint64
request_id_low (guint64 key)
{
  return _isc_demo_mix64 (key ^ 0x65737469);
}

static void
request_id_text (guint64 key,
                 char    out[33])
{
  g_snprintf (out, 33, "%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x",
              request_id_high (key), request_id_low (key));
}

/* The two halves of a request id asked for; FALSE when it cannot be one
 * of ours (then only the hostile line's may match). */
static gboolean
request_id_parse (const char *text,
                  guint64    *high,
                  guint64    *low)
{
  char half[17];

  if (strlen (text) != 32 || strspn (text, "0123456789abcdef") != 32)
    return FALSE;

  memcpy (half, text, 16);
  half[16] = '\0';
  *high = g_ascii_strtoull (half, NULL, 16);
  *low = g_ascii_strtoull (text + 16, NULL, 16);
  return TRUE;
}

static void
format_traceback (GString                 *s,
                  const IscDemoDeployment *dep,
                  const Line              *line)
{
  guint v = line->variant;

  g_string_append (s, "Exception in ASGI application while handling predict\n"
                      "Traceback (most recent call last):\n"
                      "  File \"/usr/local/lib/python3.11/site-packages/truss/templates/server/model_wrapper.py\", "
                      "line 874, in __call__\n"
                      "    result = await self._predict(inputs, request)\n"
                      "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n");

  if (dep->applies & ISC_APPLIES_LLM)
    {
      g_string_append (s, "  File \"/app/model/model.py\", line 96, in predict\n"
                          "    async for output in self._engine.generate(prompt, params, request_id):\n"
                          "  File \"/usr/local/lib/python3.11/site-packages/vllm/engine/async_llm_engine.py\", "
                          "line 1073, in generate\n"
                          "    raise request_output\n");
      if (v % 2 == 0)
        g_string_append_printf (s, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. "
                                   "GPU 0 has a total capacity of 79.44 GiB of which %.2f GiB is free.",
                                0.5 + 0.25 * (v + 1), 0.12 + 0.07 * v);
      else
        g_string_append (s, "RuntimeError: CUDA error: an illegal memory access was encountered\n"
                            "CUDA kernel errors might be asynchronously reported at some other API call, "
                            "so the stacktrace below might be incorrect.");
    }
  else if (dep->applies & ISC_APPLIES_ASYNC)
    {
      g_string_append (s, "  File \"/app/model/model.py\", line 58, in predict\n"
                          "    audio = load_audio(inputs[\"url\"])\n"
                          "  File \"/app/model/audio.py\", line 22, in load_audio\n"
                          "    subprocess.run(cmd, capture_output=True, check=True)\n"
                          "  File \"/usr/local/lib/python3.11/subprocess.py\", line 571, in run\n"
                          "    raise CalledProcessError(retcode, process.args,\n");
      g_string_append_printf (s, "subprocess.CalledProcessError: Command '['ffmpeg', '-nostdin', '-i', "
                                 "'/tmp/input-%u.bin', '-f', 's16le', '-ac', '1', '-ar', '16000', '-']' "
                                 "returned non-zero exit status 1.", (guint) (line->request % 100000));
    }
  else
    {
      g_string_append (s, "  File \"/app/model/model.py\", line 44, in predict\n"
                          "    embeddings = await asyncio.wait_for(self._embed(texts), timeout=30)\n"
                          "  File \"/usr/local/lib/python3.11/asyncio/tasks.py\", line 519, in wait_for\n"
                          "    raise exceptions.TimeoutError() from exc\n");
      g_string_append (s, "TimeoutError: inference did not finish within 30 s");
    }
}

static const char uvicorn_info[] = "\x1b[32mINFO\x1b[0m:     ";

static void
format_message (Build      *b,
                GString    *s,
                const Line *line)
{
  const IscDemoDeployment *dep = line->kind == KIND_HOSTILE ? NULL : b->deps[line->dep].dep;
  guint v = line->variant;

  g_string_truncate (s, 0);

  switch ((LineKind) line->kind)
    {
    case KIND_REQUEST_OK:
      if (v == 0)
        g_string_append_printf (s, "%s10.%u.%u.%u:%u - \"\x1b[1mPOST /v1/models/model:predict HTTP/1.1\x1b[0m\" "
                                   "\x1b[32m200 OK\x1b[0m", uvicorn_info,
                                (guint) (line->request >> 16) % 8, (guint) (line->request >> 24) % 250 + 2,
                                (guint) (line->request >> 32) % 250 + 2, (guint) (line->request >> 40) % 30000 + 32768);
      else if (dep->applies & ISC_APPLIES_LLM)
        {
          double in = floor (line->y * (0.4 + 1.2 * unit (_isc_demo_mix64 (line->request + 3))));
          double out = floor (line->z * (0.4 + 1.2 * unit (_isc_demo_mix64 (line->request + 4))));

          g_string_append_printf (s, "Completed request in %.2f s: %.0f prompt tokens, %.0f completion tokens "
                                     "(%.1f tokens/s)", line->x, in, out, out / MAX (line->x, 0.01));
        }
      else if (dep->applies & ISC_APPLIES_ASYNC)
        g_string_append_printf (s, "Transcribed %.1f min of audio in %.1f s; webhook delivered (200)",
                                line->x * 0.9, line->x);
      else
        g_string_append_printf (s, "Embedded %u texts (%u tokens) in %.0f ms",
                                (guint) (line->request % 32) + 1, (guint) (line->request % 4000) + 12,
                                line->x * 1000);
      break;

    case KIND_REQUEST_DEBUG:
      if (dep->applies & ISC_APPLIES_LLM)
        g_string_append_printf (s, "Scheduled request: %u running, %u waiting, KV cache %.0f%% used",
                                (guint) (line->x * 20) + 1, (guint) (MAX (line->x - 0.8, 0) * 30),
                                MIN (30 + 60 * line->x, 99));
      else
        g_string_append_printf (s, "Batch of %u padded to %u tokens", (guint) (line->request % 16) + 1,
                                128u << (line->request % 3));
      break;

    case KIND_REQUEST_4XX:
      if (dep->applies & ISC_APPLIES_LLM)
        {
          if (v % 2 == 0)
            g_string_append_printf (s, "Rejected request (400): the prompt has %u tokens, over the context "
                                       "window of 8192 tokens", 8192 + (guint) (line->request % 9000));
          else
            g_string_append (s, "Invalid request (422): \"messages\" must be a non-empty list");
        }
      else if (dep->applies & ISC_APPLIES_ASYNC)
        g_string_append (s, "Rejected request (400): the audio file could not be decoded");
      else
        g_string_append (s, "Invalid request (422): \"input\" must be a string or a list of strings");
      break;

    case KIND_REQUEST_5XX:
      format_traceback (s, dep, line);
      break;

    case KIND_MONITOR:
      if (dep->gpu_count > 0)
        g_string_append_printf (s, "[monitor] gpu0 util=%.0f%% mem=%.1fGiB/%.1fGiB power=%.0fW",
                                MIN (5 + 80 * line->x, 100), (dep->gpu_memory_mib + 0.06 * dep->gpu_memory_limit_mib * MIN (line->x, 1)) / 1024,
                                dep->gpu_memory_limit_mib / 1024.0, 90 + 300 * MIN (line->x, 1.2));
      else
        g_string_append_printf (s, "[monitor] cpu=%.2f cores rss=%.2fGB",
                                dep->cpu_cores * (0.2 + 0.8 * MIN (line->x, 1.2)), line->y / 1e9);
      break;

    case KIND_BUILD:
      switch (v)
        {
        case 0:
          g_string_append_printf (s, "Build started for %s (%s) on %s", dep->name, dep->model_id, dep->instance_type_name);
          break;
        case 1:
          g_string_append_printf (s, "Step 1/6 : FROM baseten/truss-server-base:3.11-%s-v0.9.12",
                                  dep->gpu_count > 0 ? "gpu" : "cpu");
          break;
        case 2:
          g_string_append (s, "Step 2/6 : COPY ./config.yaml /app/config.yaml");
          break;
        case 3:
          g_string_append (s, "Step 3/6 : RUN pip install --no-cache-dir -r /app/requirements.txt");
          break;
        case 4:
          g_string_append (s, dep->applies & ISC_APPLIES_LLM ? "Collecting vllm==0.6.4.post1" :
                              dep->applies & ISC_APPLIES_ASYNC ? "Collecting openai-whisper==20240930" :
                              "Collecting sentence-transformers==3.3.1");
          break;
        case 5:
          g_string_append (s, "Successfully installed 87 packages");
          break;
        case 6:
          g_string_append (s, "Step 6/6 : COPY ./model /app/model");
          break;
        case 7:
          g_string_append_printf (s, "Pushing image registry.baseten.co/%s:%s", dep->model_id, dep->id);
          break;
        case 8:
          g_string_append_printf (s, "\x1b[32m\xe2\x9c\x94\x1b[0m Build complete in %.0f s", line->x);
          break;
        default:
          g_string_append_printf (s, "Deploying %s", dep->name);
          break;
        }
      break;

    case KIND_STARTUP:
      switch (v)
        {
        case 0:
          g_string_append_printf (s, "Starting replica %s on %s", line->replica, dep->instance_type_name);
          break;
        case 1:
          g_string_append_printf (s, "Pulling image (%.1f GiB)", dep->gpu_count > 0 ? 11.4 : 2.3);
          break;
        case 2:
          g_string_append_printf (s, "Image pulled in %.1f s", 0.21 * line->x);
          break;
        case 3:
          g_string_append_printf (s, "Downloading weights: 100%%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88"
                                     "\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88| %s [%02u:%02u<00:00]",
                                  dep->applies & ISC_APPLIES_LLM ? "46.2G/46.2G" : "1.34G/1.34G",
                                  (guint) (0.3 * line->x) / 60, (guint) (0.3 * line->x) % 60);
          break;
        case 4:
          g_string_append (s, "Loading model");
          break;
        case 5:
          g_string_append_printf (s, "Model loaded in %.1f s", 0.37 * line->x);
          break;
        case 6:
          g_string_append_printf (s, "%sStarted server process [%u]", uvicorn_info, 7 + (guint) line->y);
          break;
        case 7:
          g_string_append_printf (s, "%sUvicorn running on \x1b[1mhttp://0.0.0.0:8080\x1b[0m (Press CTRL+C to quit)",
                                  uvicorn_info);
          break;
        default:
          g_string_append_printf (s, "%sApplication startup complete.", uvicorn_info);
          break;
        }
      break;

    case KIND_SHUTDOWN:
      switch (v)
        {
        case 0:
          g_string_append (s, "Received SIGTERM: the replica is scaled down");
          break;
        case 1:
          g_string_append_printf (s, "%sShutting down", uvicorn_info);
          break;
        case 2:
          g_string_append_printf (s, "%sApplication shutdown complete.", uvicorn_info);
          break;
        default:
          g_string_append_printf (s, "%sFinished server process [%.0f]", uvicorn_info, line->x);
          break;
        }
      break;

    case KIND_RESTART:
      switch (v)
        {
        case 0:
          g_string_append_printf (s, "Out of memory: the model server used %.1f GiB of its %.0f GiB limit and "
                                     "was killed", line->x * line->y, line->x);
          break;
        case 1:
          g_string_append (s, "Container exited with code 137 (OOMKilled); restarting it");
          break;
        case 2:
          g_string_append (s, "Container restarted");
          break;
        case 3:
          g_string_append (s, "Loading model");
          break;
        case 4:
          g_string_append (s, "Model loaded in 28.0 s");
          break;
        default:
          g_string_append_printf (s, "%sApplication startup complete.", uvicorn_info);
          break;
        }
      break;

    case KIND_FAILED:
      switch (v)
        {
        case 0:
          g_string_append_printf (s, "Starting replica %s on %s (attempt %.0f of %.0f)", line->replica,
                                  dep->instance_type_name, line->x, line->y);
          break;
        case 1:
          g_string_append_printf (s, "Pulling image (%.1f GiB)", 9.8);
          break;
        case 2:
          g_string_append (s, "Downloading weights: 100%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88| "
                              "3.09G/3.09G [00:52<00:00]");
          break;
        case 3:
          g_string_append (s, "Loading model");
          break;
        case 4:
          g_string_append (s, "Moving the model to cuda:0 in float32");
          break;
        case 5:
          g_string_append (s, "Exception while loading the model\n"
                              "Traceback (most recent call last):\n"
                              "  File \"/usr/local/lib/python3.11/site-packages/truss/templates/server/model_wrapper.py\", "
                              "line 412, in load\n"
                              "    self._model.load()\n"
                              "  File \"/app/model/model.py\", line 31, in load\n"
                              "    self._model = whisper.load_model(\"large-v3\", device=\"cuda\").float()\n"
                              "  File \"/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py\", "
                              "line 1174, in to\n"
                              "    return self._apply(convert)\n"
                              "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.88 GiB. "
                              "GPU 0 has a total capacity of 22.06 GiB of which 1.02 GiB is free.");
          break;
        case 6:
          g_string_append (s, "Model failed to load; the model server exits with code 1");
          break;
        case 7:
          g_string_append_printf (s, "Back-off restarting failed container (attempt %.0f of %.0f)",
                                  line->x + 1, line->y);
          break;
        default:
          g_string_append_printf (s, "Deployment %s failed: the model did not become ready after %u attempts",
                                  dep->name, FAILED_ATTEMPTS);
          break;
        }
      break;

    case KIND_HOSTILE:
      {
        gsize length = 0;
        const char *text = _isc_demo_logs_hostile_message (v, &length, NULL);

        g_string_append_len (s, text, length);
      }
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Filters and output */

static gboolean
contains (const GString *s,
          const char    *needle)
{
  return memmem (s->str, s->len, needle, strlen (needle)) != NULL;
}

static gboolean
passes_before_message (Build      *b,
                       const Line *line)
{
  const IscDemoLogsRequest *r = b->request;

  if (line->ts_ns < b->lo_ns || line->ts_ns > b->hi_ns)
    return FALSE;
  if (r->min_level != _ISC_DEMO_LOG_LEVEL_NONE &&
      (line->level == _ISC_DEMO_LOG_LEVEL_NONE || line->level < r->min_level))
    return FALSE;
  if (r->replica != NULL && !g_str_equal (r->replica, line->replica))
    return FALSE;
  if (r->request_id != NULL)
    {
      if (line->request == 0)
        return FALSE;
      if (line->kind == KIND_HOSTILE)
        return g_str_equal (r->request_id, hostile_request_id);
      if (!b->request_id_ok ||
          request_id_high (line->request) != b->request_high ||
          request_id_low (line->request) != b->request_low)
        return FALSE;
    }

  return TRUE;
}

static gboolean
passes_message (Build         *b,
                const Line    *line,
                const GString *message)
{
  const IscDemoLogsRequest *r = b->request;

  for (guint i = 0; r->includes != NULL && r->includes[i] != NULL; i++)
    {
      if (!contains (message, r->includes[i]))
        return FALSE;
    }
  for (guint i = 0; r->excludes != NULL && r->excludes[i] != NULL; i++)
    {
      if (contains (message, r->excludes[i]))
        return FALSE;
    }

  if (r->search != NULL)
    {
      /* GRegex wants valid UTF-8: match what a hostile line means. */
      if (line->kind == KIND_HOSTILE && !g_utf8_validate_len (message->str, message->len, NULL))
        {
          g_autofree char *valid = g_utf8_make_valid (message->str, message->len);

          return g_regex_match_full (r->search, valid, -1, 0, 0, NULL, NULL);
        }
      return g_regex_match_full (r->search, message->str, message->len, 0, 0, NULL, NULL);
    }

  return TRUE;
}

/* A JSON string: quotes, backslashes and control bytes escaped, every
 * other byte as it is (the hostile fault's invalid UTF-8 included).
 */
static void
append_json_string (GString    *out,
                    const char *text,
                    gsize       length)
{
  const char *run = text;
  const char *end = text + length;

  g_string_append_c (out, '"');
  for (const char *p = text; p < end; p++)
    {
      guchar c = (guchar) *p;

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;
      g_string_append_len (out, run, p - run);
      run = p + 1;
      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        default:
          g_string_append_printf (out, "\\u%04x", c);
          break;
        }
    }
  g_string_append_len (out, run, end - run);
  g_string_append_c (out, '"');
}

static void
write_line (Build         *b,
            const Line    *line,
            const GString *message)
{
  GString *out = b->out;

  if (b->n_out > 0)
    g_string_append_c (out, ',');
  g_string_append_printf (out, "{\"timestamp\":\"%" G_GINT64_FORMAT "\",\"message\":", line->ts_ns);
  append_json_string (out, message->str, message->len);

  g_string_append (out, ",\"replica\":");
  if (line->replica[0] != '\0')
    g_string_append_printf (out, "\"%s\"", line->replica);
  else
    g_string_append (out, "null");

  g_string_append (out, ",\"request_id\":");
  if (line->kind == KIND_HOSTILE && line->request != 0)
    append_json_string (out, hostile_request_id, strlen (hostile_request_id));
  else if (line->request != 0)
    {
      char id[33];

      request_id_text (line->request, id);
      g_string_append_printf (out, "\"%s\"", id);
    }
  else
    g_string_append (out, "null");

  g_string_append (out, ",\"level\":");
  if (line->level != _ISC_DEMO_LOG_LEVEL_NONE)
    g_string_append_printf (out, "\"%s\"", level_names[line->level]);
  else
    g_string_append (out, "null");
  g_string_append_c (out, '}');

  b->n_out++;
}

/* Makes the lines of buckets [cs, ce), then writes those that pass, in
 * the direction asked, until the limit.
 */
static void
build_chunk (Build  *b,
             gint64  cs,
             gint64  ce)
{
  const IscDemoLogsRequest *r = b->request;
  guint n;

  g_array_set_size (b->lines, 0);
  for (guint d = 0; d < b->n_deps; d++)
    add_deployment_chunk (b, d, &b->deps[d], cs, ce);
  if (r->hostile)
    add_hostile_chunk (b, cs, ce);

  g_array_sort (b->lines, compare_lines);
  n = b->lines->len;

  for (guint k = 0; k < n && b->n_out < r->limit; k++)
    {
      const Line *line = &g_array_index (b->lines, Line, r->ascending ? k : n - 1 - k);

      if (!passes_before_message (b, line))
        continue;
      format_message (b, b->message, line);
      if (!passes_message (b, line, b->message))
        continue;
      write_line (b, line, b->message);
    }
}

GBytes *
_isc_demo_logs_build (guint64                    seed,
                      const IscDemoDeployment  **deps,
                      guint                      n_deps,
                      const IscDemoLogsRequest  *request)
{
  g_autofree DepState *states = g_new0 (DepState, MAX (n_deps, 1));
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  g_autoptr(GString) message = g_string_new (NULL);
  Build b = { 0 };
  gint64 first, last;

  g_return_val_if_fail (request != NULL, NULL);
  g_return_val_if_fail (request->limit > 0, NULL);

  b.request = request;
  b.seed = seed;
  b.now_s = isc_floor_div (request->now_ms, 1000);
  b.lo_ns = request->start_ms * 1000000;
  b.hi_ns = MIN (request->end_ms * 1000000 + 999999, request->now_ms * 1000000 - 1);
  b.deps = states;
  b.n_deps = n_deps;
  b.lines = lines;
  b.message = message;
  b.out = g_string_sized_new (64 * 1024);

  for (guint d = 0; d < n_deps; d++)
    dep_state_init (&states[d], deps[d], seed, b.now_s);
  if (request->request_id != NULL)
    b.request_id_ok = request_id_parse (request->request_id, &b.request_high, &b.request_low);

  g_string_append (b.out, "{\"logs\":[");

  first = isc_floor_div (isc_floor_div (b.lo_ns, NS_PER_S), BUCKET);
  last = isc_floor_div (isc_floor_div (b.hi_ns, NS_PER_S), BUCKET);

  if (b.hi_ns >= b.lo_ns)
    {
      /* Chunks grow from one bucket: a busy deployment's page is made
       * of a few buckets, a quiet one's of many. */
      gint64 size = 1;

      if (request->ascending)
        {
          for (gint64 cs = first; cs <= last && b.n_out < request->limit; cs += size, size = MIN (size * 2, CHUNK_BUCKETS))
            build_chunk (&b, cs, MIN (cs + size, last + 1));
        }
      else
        {
          for (gint64 ce = last + 1; ce > first && b.n_out < request->limit; ce -= size, size = MIN (size * 2, CHUNK_BUCKETS))
            build_chunk (&b, MAX (ce - size, first), ce);
        }
    }

  g_string_append (b.out, "]}");

  return g_string_free_to_bytes (b.out);
}

/* The restart the logs show in the 30-s bucket @bucket (its start / 30 s)
 * of @dep, where baseten_container_restarts_total counts one: when the
 * container exited (epoch ms) and the replica, as the lines name it. For
 * the audit log's REPLICA_TERMINATED, so both tell the same story. */
gboolean
_isc_demo_logs_restart_at (guint64                  seed,
                           const IscDemoDeployment *dep,
                           gint64                   now_s,
                           gint64                   bucket,
                           gint64                  *time_ms,
                           char                     replica[6])
{
  DepState st;
  Build b = { 0 };
  IscDemoBucketFacts f;
  guint pods, active, slot;
  guint64 h;

  dep_state_init (&st, dep, seed, now_s);
  if (dep->share == _ISC_DEMO_SHARE_NONE || st.failed ||
      bucket < st.first_bucket || (bucket + 1) * BUCKET > now_s)
    return FALSE;

  _isc_demo_generator_bucket_facts (dep, seed, now_s, bucket * BUCKET, &f);
  pods = MIN ((guint) (f.active + f.starting), MAX_SLOTS);
  active = MIN ((guint) f.active, pods);
  if (!f.restart || active == 0)
    return FALSE;

  /* As the lines' walk picks the slot and the moment (build_deployment). */
  h = hash3 (st.key, 31, (guint64) bucket);
  slot = (guint) (h % active);
  b.seed = seed;
  b.now_s = now_s;
  replica_id (&st, slot, slot_run_start (&b, &st, slot, bucket), replica);
  *time_ms = bucket * BUCKET * 1000 + (gint64) ((1.0 + 20.0 * unit (_isc_demo_mix64 (h))) * 1000.0);
  return TRUE;
}
