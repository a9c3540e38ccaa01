;; The byte pass of `query list --json` (printed-list.ts says what it checks and writes, and why).
;; scripts/gen-wasm.mjs assembles this file into printed-list-wasm.ts; a test checks the two agree.
;;
;; Memory: the literals below, one per 64-byte slot (its length, then its bytes), in the first
;; 4 KB; the answer at `in`, followed by at least 64 zero bytes (no check accepts them, and the
;; pass reads up to 64 bytes ahead); the layout from `out`, over the answer or after it (laidOut).
;; String contents, nearly all of an answer, are checked and copied 16 bytes at a time, and every
;; store of up to 64 bytes past where the layout has got to is written over by what follows.
(module
  (memory (export "memory") 1)

  ;; What comes before each field's value in the answer...
  (data (i32.const 0) "\06{\22id\22:")
  (data (i32.const 64) "\0f,\22displayName\22:")
  (data (i32.const 128) "\08,\22name\22:")
  (data (i32.const 192) "\0e,\22inputQuery\22:")
  (data (i32.const 256) "\0d,\22queryType\22:")
  (data (i32.const 320) "\0c,\22schedule\22:")
  (data (i32.const 384) "\08,\22path\22:")
  (data (i32.const 448) "\0c,\22folderId\22:")
  ;; ... and in the layout (a query is an element of the list, its fields one level deeper).
  (data (i32.const 512) "\0e  {\0a    \22id\22: ")
  (data (i32.const 576) "\15,\0a    \22displayName\22: ")
  (data (i32.const 640) "\0e,\0a    \22name\22: ")
  (data (i32.const 704) "\14,\0a    \22inputQuery\22: ")
  (data (i32.const 768) "\13,\0a    \22queryType\22: ")
  (data (i32.const 832) "\12,\0a    \22schedule\22: ")
  (data (i32.const 896) "\0e,\0a    \22path\22: ")
  (data (i32.const 960) "\12,\0a    \22folderId\22: ")
  ;; The query types.
  (data (i32.const 1024) "\07\22PLAIN\22")
  (data (i32.const 1088) "\0e\22MATERIALIZED\22")
  ;; A schedule's parts, in the answer and in the layout (its fields one level deeper still).
  (data (i32.const 1152) "\24{\22type\22:\22interval\22,\22repeatDuration\22:")
  (data (i32.const 1216) "\34{\0a      \22type\22: \22interval\22,\0a      \22repeatDuration\22: ")
  (data (i32.const 1280) "\20{\22type\22:\22cron\22,\22cronExpression\22:")
  (data (i32.const 1344) "\30{\0a      \22type\22: \22cron\22,\0a      \22cronExpression\22: ")
  (data (i32.const 1408) "\0c,\22timezone\22:")
  (data (i32.const 1472) "\14,\0a      \22timezone\22: ")
  (data (i32.const 1536) "\06\0a    }")
  ;; What follows a query: another, or the end of the list.
  (data (i32.const 1600) "\06\0a  },\0a")
  (data (i32.const 1664) "\07\0a  }\0a]\0a")

  ;; Slots (byte offsets of the literals above).
  (global $KEYS i32 (i32.const 0))
  (global $PIECES i32 (i32.const 512))
  (global $PLAIN i32 (i32.const 1024))
  (global $MATERIALIZED i32 (i32.const 1088))
  (global $INTERVAL i32 (i32.const 1152))
  (global $INTERVAL_LAID i32 (i32.const 1216))
  (global $CRON i32 (i32.const 1280))
  (global $CRON_LAID i32 (i32.const 1344))
  (global $TIMEZONE i32 (i32.const 1408))
  (global $TIMEZONE_LAID i32 (i32.const 1472))
  (global $SCHEDULE_END i32 (i32.const 1536))
  (global $RECORD_SEPARATOR i32 (i32.const 1600))
  (global $LIST_END i32 (i32.const 1664))
  ;; More than all the literals a query's layout may add to its own bytes.
  (global $RECORD_GROWTH i32 (i32.const 512))

  ;; Where the pass is: the next byte to read, and to write.
  (global $i (mut i32) (i32.const 0))
  (global $o (mut i32) (i32.const 0))

  ;; 1 when the answer holds the literal of `slot` at $i, compared 16 bytes at a time (the bytes
  ;; after its last are no part of it).
  (func $matches (param $slot i32) (result i32)
    (local $n i32) (local $k i32) (local $rest i32) (local $equal i32)
    (local.set $n (i32.load8_u (local.get $slot)))
    (loop $next
      (local.set $equal
        (i8x16.bitmask
          (i8x16.eq
            (v128.load (i32.add (global.get $i) (local.get $k)))
            (v128.load (i32.add (i32.add (local.get $slot) (i32.const 1)) (local.get $k))))))
      (local.set $rest (i32.sub (local.get $n) (local.get $k)))
      (if (i32.lt_u (local.get $rest) (i32.const 16))
        (then (local.set $equal (i32.or (local.get $equal) (i32.shl (i32.const -1) (local.get $rest))))))
      (if (i32.ne (i32.and (local.get $equal) (i32.const 0xffff)) (i32.const 0xffff)) (then (return (i32.const 0))))
      (local.set $k (i32.add (local.get $k) (i32.const 16)))
      (br_if $next (i32.lt_u (local.get $k) (local.get $n))))
    (i32.const 1))

  ;; Reads the literal of `slot` at $i when it is there (1), else 0.
  (func $take (param $slot i32) (result i32)
    (if (i32.eqz (call $matches (local.get $slot))) (then (return (i32.const 0))))
    (global.set $i (i32.add (global.get $i) (i32.load8_u (local.get $slot))))
    (i32.const 1))

  ;; Writes the literal of `slot` at $o, 16 bytes at a time (what lies past its end is written over
  ;; by what follows: memory.copy costs a call out of the module each time).
  (func $put (param $slot i32)
    (local $n i32) (local $k i32)
    (local.set $n (i32.load8_u (local.get $slot)))
    (loop $next
      (v128.store (i32.add (global.get $o) (local.get $k)) (v128.load (i32.add (i32.add (local.get $slot) (i32.const 1)) (local.get $k))))
      (local.set $k (i32.add (local.get $k) (i32.const 16)))
      (br_if $next (i32.lt_u (local.get $k) (local.get $n))))
    (global.set $o (i32.add (global.get $o) (local.get $n))))

  ;; 1 for the letters after `\` of the short escapes JSON.stringify writes (never `\/`).
  (func $short_escape (param $e i32) (result i32)
    (i32.or
      (i32.or (i32.eq (local.get $e) (i32.const 0x22)) (i32.eq (local.get $e) (i32.const 0x5c)))
      (i32.or
        (i32.or (i32.eq (local.get $e) (i32.const 0x62)) (i32.eq (local.get $e) (i32.const 0x66)))
        (i32.or (i32.eq (local.get $e) (i32.const 0x6e))
          (i32.or (i32.eq (local.get $e) (i32.const 0x72)) (i32.eq (local.get $e) (i32.const 0x74)))))))

  ;; 1 for the last two digits of a `\u00xx` JSON.stringify writes: 00-07, 0b, 0e, 0f or 10-1f, in
  ;; lower case (the rest below 0x20 have a short escape).
  (func $u_escape (param $high i32) (param $low i32) (result i32)
    (local $digit i32) (local $letter i32)
    (local.set $digit (i32.le_u (i32.sub (local.get $low) (i32.const 0x30)) (i32.const 9)))
    (local.set $letter (i32.le_u (i32.sub (local.get $low) (i32.const 0x61)) (i32.const 5)))
    (if (i32.eq (local.get $high) (i32.const 0x30))
      (then
        (return
          (i32.or
            (i32.le_u (i32.sub (local.get $low) (i32.const 0x30)) (i32.const 7))
            (i32.or (i32.eq (local.get $low) (i32.const 0x62))
              (i32.or (i32.eq (local.get $low) (i32.const 0x65)) (i32.eq (local.get $low) (i32.const 0x66))))))))
    (if (i32.eq (local.get $high) (i32.const 0x31))
      (then (return (i32.or (local.get $digit) (local.get $letter)))))
    (i32.const 0))

  ;; Copies the string at $i (with its quotes) to $o when its bytes are as JSON.stringify writes
  ;; them and dgw's writer leaves them (printed-list.ts); 1 when it did, 0 when they are not.
  ;; Each byte goes to the same place relative to the string's start, so 16 bytes are stored as
  ;; they are read; what lies past the closing quote is written over by what follows.
  (func $string (result i32)
    (local $i i32) (local $shift i32) (local $v v128) (local $mask i32) (local $c i32) (local $e i32)
    (local.set $i (global.get $i))
    (if (i32.ne (i32.load8_u (local.get $i)) (i32.const 0x22)) (then (return (i32.const 0))))
    (local.set $shift (i32.sub (global.get $o) (local.get $i)))
    (i32.store8 (global.get $o) (i32.const 0x22))
    (local.set $i (i32.add (local.get $i) (i32.const 1)))
    (loop $scan
      (local.set $v (v128.load (local.get $i)))
      (v128.store (i32.add (local.get $i) (local.get $shift)) (local.get $v))
      ;; The bytes that need a look: `"`, `\`, below 0x20, DEL, and 0xC2 (U+0080-U+00BF, C1 among them).
      (local.set $mask
        (i8x16.bitmask
          (v128.or
            (v128.or
              (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x22)))
              (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x5c))))
            (v128.or
              (i8x16.lt_u (local.get $v) (i8x16.splat (i32.const 0x20)))
              (v128.or
                (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x7f)))
                (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0xc2))))))))
      (if (i32.eqz (local.get $mask))
        (then
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br $scan)))
      (local.set $i (i32.add (local.get $i) (i32.ctz (local.get $mask))))
      (local.set $c (i32.load8_u (local.get $i)))
      (i32.store8 (i32.add (local.get $i) (local.get $shift)) (local.get $c))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (if (i32.eq (local.get $c) (i32.const 0x22))
        (then
          (global.set $o (i32.add (local.get $i) (local.get $shift)))
          (global.set $i (local.get $i))
          (return (i32.const 1))))
      (if (i32.eq (local.get $c) (i32.const 0x5c))
        (then
          (local.set $e (i32.load8_u (local.get $i)))
          (if (call $short_escape (local.get $e))
            (then
              (i32.store8 (i32.add (local.get $i) (local.get $shift)) (local.get $e))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (br $scan)))
          ;; `\u00xx`, its two digits as JSON.stringify writes them.
          (if (i32.or
                (i32.ne (local.get $e) (i32.const 0x75))
                (i32.or
                  (i32.ne (i32.load8_u (i32.add (local.get $i) (i32.const 1))) (i32.const 0x30))
                  (i32.ne (i32.load8_u (i32.add (local.get $i) (i32.const 2))) (i32.const 0x30))))
            (then (return (i32.const 0))))
          (if (i32.eqz (call $u_escape
                (i32.load8_u (i32.add (local.get $i) (i32.const 3)))
                (i32.load8_u (i32.add (local.get $i) (i32.const 4)))))
            (then (return (i32.const 0))))
          (memory.copy (i32.add (local.get $i) (local.get $shift)) (local.get $i) (i32.const 5))
          (local.set $i (i32.add (local.get $i) (i32.const 5)))
          (br $scan)))
      ;; 0xC2 and a second byte from 0xA0 (valid UTF-8 has at most 0xBF there): not a C1 character.
      (if (i32.and
            (i32.eq (local.get $c) (i32.const 0xc2))
            (i32.ge_u (i32.load8_u (local.get $i)) (i32.const 0xa0)))
        (then
          (i32.store8 (i32.add (local.get $i) (local.get $shift)) (i32.load8_u (local.get $i)))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $scan))))
    ;; A character JSON.stringify or dgw writes otherwise, or the end of the answer.
    (i32.const 0))

  ;; A string that is not empty (a schedule's values).
  (func $non_empty_string (result i32)
    (if (i32.eq (i32.load8_u (i32.add (global.get $i) (i32.const 1))) (i32.const 0x22)) (then (return (i32.const 0))))
    (call $string))

  ;; `null`, copied.
  (func $null (result i32)
    ;; "null" read as a little-endian i32.
    (if (i32.ne (i32.load (global.get $i)) (i32.const 0x6c6c756e)) (then (return (i32.const 0))))
    (i32.store (global.get $o) (i32.const 0x6c6c756e))
    (global.set $i (i32.add (global.get $i) (i32.const 4)))
    (global.set $o (i32.add (global.get $o) (i32.const 4)))
    (i32.const 1))

  ;; A string, or null.
  (func $string_or_null (result i32)
    (if (result i32) (i32.eq (i32.load8_u (global.get $i)) (i32.const 0x22))
      (then (call $string))
      (else (call $null))))

  ;; "PLAIN" or "MATERIALIZED", copied.
  (func $query_type (result i32)
    (if (call $take (global.get $PLAIN)) (then (call $put (global.get $PLAIN)) (return (i32.const 1))))
    (if (call $take (global.get $MATERIALIZED)) (then (call $put (global.get $MATERIALIZED)) (return (i32.const 1))))
    (i32.const 0))

  ;; null, or a schedule object as readSchedule gives it back: interval, cron, or cron with a time
  ;; zone, each value a non-empty string.
  (func $schedule (result i32)
    (if (i32.ne (i32.load8_u (global.get $i)) (i32.const 0x7b)) (then (return (call $null))))
    (block $fields
      (if (call $take (global.get $INTERVAL))
        (then
          (call $put (global.get $INTERVAL_LAID))
          (br_if $fields (call $non_empty_string))
          (return (i32.const 0))))
      (if (i32.eqz (call $take (global.get $CRON))) (then (return (i32.const 0))))
      (call $put (global.get $CRON_LAID))
      (if (i32.eqz (call $non_empty_string)) (then (return (i32.const 0))))
      (br_if $fields (i32.eqz (call $take (global.get $TIMEZONE))))
      (call $put (global.get $TIMEZONE_LAID))
      (if (i32.eqz (call $non_empty_string)) (then (return (i32.const 0)))))
    (if (i32.ne (i32.load8_u (global.get $i)) (i32.const 0x7d)) (then (return (i32.const 0))))
    (global.set $i (i32.add (global.get $i) (i32.const 1)))
    (call $put (global.get $SCHEDULE_END))
    (i32.const 1))

  ;; The key of field `f` (0 to 7) and its value, of the kind readQuery gives that field; 1 when
  ;; they are there, laid out.
  (func $field (param $f i32) (result i32)
    (local $key i32) (local $piece i32)
    ;; Keys are at most 16 bytes and pieces at most 32: compared and copied without a loop or a call.
    (local.set $key (i32.add (global.get $KEYS) (i32.shl (local.get $f) (i32.const 6))))
    (if (i32.ne
          (i32.and
            (i32.or
              (i8x16.bitmask (i8x16.eq (v128.load (global.get $i)) (v128.load (i32.add (local.get $key) (i32.const 1)))))
              (i32.shl (i32.const -1) (i32.load8_u (local.get $key))))
            (i32.const 0xffff))
          (i32.const 0xffff))
      (then (return (i32.const 0))))
    (global.set $i (i32.add (global.get $i) (i32.load8_u (local.get $key))))
    (local.set $piece (i32.add (global.get $PIECES) (i32.shl (local.get $f) (i32.const 6))))
    (v128.store (global.get $o) (v128.load (i32.add (local.get $piece) (i32.const 1))))
    (v128.store (i32.add (global.get $o) (i32.const 16)) (v128.load (i32.add (local.get $piece) (i32.const 17))))
    (global.set $o (i32.add (global.get $o) (i32.load8_u (local.get $piece))))
    ;; id, displayName, name, inputQuery, queryType, schedule, path, folderId
    (block $path_or_folder
      (block $schedule
        (block $query_type
          (block $plain_string
            (br_table $plain_string $plain_string $plain_string $plain_string $query_type $schedule $path_or_folder $path_or_folder
              (local.get $f)))
          (return (call $string)))
        (return (call $query_type)))
      (return (call $schedule)))
    (call $string_or_null))

;; One query and what closes it, laid out: `,` (another query follows) or `]`, which it returns;
  ;; -1 when the bytes at $i are not a query in readQuery's form. A function of its own, called
  ;; once per query, so that V8 tiers it up to optimized code while the list is being laid out.
  (func $query (result i32)
    (local $f i32) (local $next i32)
    (loop $fields
      (if (i32.eqz (call $field (local.get $f))) (then (return (i32.const -1))))
      (local.set $f (i32.add (local.get $f) (i32.const 1)))
      (br_if $fields (i32.lt_u (local.get $f) (i32.const 8))))
    (local.set $next (i32.load8_u (i32.add (global.get $i) (i32.const 1))))
    (if (i32.ne (i32.load8_u (global.get $i)) (i32.const 0x7d)) (then (return (i32.const -1))))
    (global.set $i (i32.add (global.get $i) (i32.const 2)))
    (if (i32.eq (local.get $next) (i32.const 0x2c))
      (then
        (call $put (global.get $RECORD_SEPARATOR))
        (return (local.get $next))))
    (if (i32.ne (local.get $next) (i32.const 0x5d)) (then (return (i32.const -1))))
    (call $put (global.get $LIST_END))
    (local.get $next))

;; Lays out the compact list of `len` bytes at `in` from `out`, in one of two ways:
  ;; - `out` before `in` (`end` is 0): the layout takes the place of the answer it has read (the
  ;;   answer's pages are the layout's, but for the gap between them), and the answer is lost;
  ;; - `out` after the answer's end, up to `end`: the answer is left as it is.
  ;; Returns how many bytes it wrote, -1 when the answer is not a non-empty list of queries in
  ;; readQuery's form, -2 when the layout would catch up with what is left to read, or pass `end`.
  (func (export "laidOut") (param $in i32) (param $len i32) (param $out i32) (param $end i32) (result i32)
    (local $last i32) (local $next i32) (local $over_answer i32)
    (local.set $last (i32.add (local.get $in) (local.get $len)))
    (local.set $over_answer (i32.lt_u (local.get $out) (local.get $in)))
    (if (i32.or (i32.lt_u (local.get $len) (i32.const 2)) (i32.ne (i32.load8_u (local.get $in)) (i32.const 0x5b)))
      (then (return (i32.const -1))))
    (global.set $i (i32.add (local.get $in) (i32.const 1)))
    (global.set $o (local.get $out))
    (loop $queries
      ;; A query adds less than RECORD_GROWTH bytes to its own (its 16-byte stores past the end
      ;; included, and the list's opening): its layout stays behind it, or within `end`.
      (if (i32.gt_u
            (i32.add (global.get $o) (global.get $RECORD_GROWTH))
            (select
              (global.get $i)
              (i32.sub (local.get $end) (i32.sub (local.get $last) (global.get $i)))
              (local.get $over_answer)))
        (then (return (i32.const -2))))
      (if (i32.eq (global.get $o) (local.get $out))
        (then
          (i32.store16 (local.get $out) (i32.const 0x0a5b))
          (global.set $o (i32.add (local.get $out) (i32.const 2)))))
      (local.set $next (call $query))
      (br_if $queries (i32.eq (local.get $next) (i32.const 0x2c))))
    (if (i32.or (i32.ne (local.get $next) (i32.const 0x5d)) (i32.ne (global.get $i) (local.get $last))) (then (return (i32.const -1))))
    (i32.sub (global.get $o) (local.get $out))))
