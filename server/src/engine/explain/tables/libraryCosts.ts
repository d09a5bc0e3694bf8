// Known costs of standard-library operations, per language. A call is matched on its callee as
// written (`sorted`, `std::sort`, `items.sort`); the collection it works on is its receiver or
// the argument at `collectionArg`. Operations not listed count as constant time.
import type { LanguageId } from '../../languages';
import { dialectOf, type Dialect } from './dialect';

export interface LibraryCosts {
  /** O(n log n): sorting. */
  sorting: RegExp;
  /** O(n) in the collection: searching, copying, joining, aggregating. */
  linear: RegExp;
  /** Methods that run their callback once per element (their callback body is a loop body). */
  iterating: RegExp;
  /** O(log n) in the collection: heap pushes and pops, binary searches on a sorted sequence. */
  logarithmic?: RegExp;
  /** O(n) on a list but O(1) on a hash set/map receiver (`contains`, `include?`). */
  membership?: RegExp;
  /** Functions whose `collectionArg` is a count of items to build (`array_fill(0, $n, 0)`), not a collection. */
  counted?: RegExp;
  /** Free functions whose collection is not their first argument. */
  collectionArg?: Record<string, number>;
  /** Compiling a regular expression (worth hoisting out of loops). */
  regexCompile?: RegExp;
  /** Synchronous (blocking) I/O. */
  blockingIo?: RegExp;
}

// `new Set(xs)` / `new Map(pairs)` and a spread `[...xs]` (the extractor's `...` step) copy every
// element of their argument.
const JS: LibraryCosts = {
  sorting: /(^|\.)(sort|toSorted)$/,
  linear:
    /(^|\.)(includes|indexOf|lastIndexOf|find|findIndex|findLast|findLastIndex|filter|map|flatMap|flat|reduce|reduceRight|some|every|forEach|join|slice|substring|substr|concat|splice|reverse|toReversed|shift|unshift|fill|from|keys|values|entries|assign|stringify|parse|split|replace|replaceAll|repeat)$|^Math\.(min|max)$|^(Set|Map|\.\.\.)$/,
  iterating:
    /(^|\.)(forEach|map|filter|reduce|reduceRight|some|every|find|findIndex|findLast|findLastIndex|flatMap|from)$/,
  // lodash's binary searches of a sorted array (`_` is global in LeetCode's JS environment).
  logarithmic:
    /^_\.(sortedIndex|sortedLastIndex|sortedIndexBy|sortedLastIndexBy|sortedIndexOf|sortedLastIndexOf)$/,
  regexCompile: /^(new )?RegExp$/,
  blockingIo: /(^|\.)\w+Sync$|^execSync$|^spawnSync$/,
};

const PYTHON: LibraryCosts = {
  // (`Counter.most_common()` sorts the counts; with a count `k` it is `nlargest(k, …)`: callCost.ts)
  sorting: /(^|\.)(sort|sorted|nsmallest|nlargest|most_common)$/,
  // `reversed(xs)` and `enumerate(xs)` are lazy iterators: whoever consumes them (a loop, `list`,
  // `join`, `extend`) pays the scan; `next(reversed(xs))` takes one element.
  linear:
    /^(sum|min|max|any|all|list|tuple|set|dict|frozenset|map|filter|zip|copy\.copy|copy\.deepcopy|deepcopy|Counter|collections\.Counter|reduce|functools\.reduce|(itertools\.)?(imap|ifilter))$|\.(index|count|remove|insert|join|split|copy|extend|replace|find|reverse)$/,
  // (`itertools.imap` / `ifilter` are Python 2's lazy `map` / `filter`.)
  iterating: /^(map|filter|sorted|min|max|(itertools\.)?(imap|ifilter))$/,
  // `map(f, xs)` / `filter(f, xs)` / `reduce(f, xs)` work on their second argument.
  collectionArg: { map: 1, filter: 1, reduce: 1, imap: 1, ifilter: 1 },
  logarithmic:
    /^(heapq\.)?(heappush|heappop|heappushpop|heapreplace)$|^(bisect\.)?(bisect|bisect_left|bisect_right)$/,
  regexCompile: /^re\.compile$/,
  blockingIo: /^(time\.sleep|requests\.\w+|urllib\.request\.urlopen|subprocess\.(run|call|check_output))$/,
};

const GO: LibraryCosts = {
  sorting:
    /^(sort\.(Slice|SliceStable|Sort|Stable|Ints|Strings|Float64s)|slices\.(Sort|SortFunc|SortStableFunc))$/,
  linear:
    /^(slices\.(Contains|Index|IndexFunc|ContainsFunc|Reverse|Equal|Max|Min|Clone)|maps\.Clone|strings\.(Contains|Index|LastIndex|IndexByte|Count|Split|Join|Replace|ReplaceAll|Fields|Repeat|ToLower|ToUpper|TrimSpace|Map)|copy|bytes\.\w+)$/,
  iterating: /^(slices\.(IndexFunc|ContainsFunc))$/,
  logarithmic: /^(sort\.Search\w*|slices\.BinarySearch\w*|heap\.(Push|Pop|Fix|Remove))$/,
  regexCompile: /^regexp\.(MustCompile|Compile)$/,
};

const JAVA: LibraryCosts = {
  sorting: /^(Collections\.sort|Arrays\.sort|Arrays\.parallelSort)$|\.(sort|sorted)$/,
  linear:
    /\.(indexOf|lastIndexOf|removeAll|retainAll|containsAll|addAll|toArray|join|split|replace|replaceAll|replaceFirst|stream|collect|toList|count|sum|max|min|anyMatch|allMatch|noneMatch|reduce|reversed)$|^(String\.join|Collections\.(reverse|max|min|frequency)|Arrays\.(asList|fill|copyOf|equals))$/,
  iterating:
    /\.(forEach|map|filter|flatMap|anyMatch|allMatch|noneMatch|reduce|removeIf|replaceAll|mapToInt|mapToObj)$/,
  logarithmic: /^(Collections|Arrays)\.binarySearch$/,
  membership: /\.(contains|remove)$/,
  regexCompile: /^Pattern\.compile$/,
};

// Rust iterator adapters are lazy; the consumers (`collect`, `sum`, `fold`, `reduce`, `max_by_key`,
// …) walk the whole chain once. `repeat(k)` on a slice or string copies it `k` times (the std
// documentation: "Creates a vector by copying a slice n times").
const RUST: LibraryCosts = {
  sorting: /\.(sort|sort_unstable|sort_by|sort_by_key|sort_unstable_by|sort_unstable_by_key)$/,
  linear:
    /\.(contains|position|rposition|find|find_map|any|all|map|filter|filter_map|collect|sum|product|count|max|min|max_by_key|min_by_key|max_by|min_by|fold|try_fold|reduce|rev|join|concat|to_vec|retain|dedup|split|replace|replacen|extend|repeat)$/,
  iterating:
    /\.(for_each|map|filter|filter_map|find_map|flat_map|any|all|find|position|rposition|fold|try_fold|reduce|max_by_key|min_by_key|max_by|min_by|retain|take_while|skip_while|map_while|inspect)$/,
  regexCompile: /^Regex::new$/,
};

// C++: the <algorithm>/<numeric> walks over a range (also C++17 `reduce`, `minmax_element`, the
// scans, and C++20 `ranges::max(xs)` over a whole range; two-argument `std::max(a, b)` compares
// values and is not listed).
const CPP: LibraryCosts = {
  // (C's `qsort(xs, n, size, cmp)` sorts its first argument; `bsearch` halves a sorted one.)
  sorting: /^(std::)?(ranges::)?(sort|stable_sort|partial_sort)$|^qsort$|\.sort$/,
  linear:
    /^(std::)?(ranges::)?(nth_element|partition|iota|find|find_if|count|count_if|accumulate|reduce|transform_reduce|inner_product|partial_sum|inclusive_scan|exclusive_scan|adjacent_difference|adjacent_find|mismatch|for_each|transform|reverse|rotate|replace|replace_if|copy|copy_if|fill|remove|remove_if|unique|max_element|min_element|minmax_element|is_sorted|any_of|all_of|none_of|equal|memcpy|memset|strlen|strcmp|strcpy|strcat)$|^(std::)?ranges::(max|min|minmax)$|\.(find|substr|insert|erase)$|^(std::)?(vector|deque|string|unordered_set|unordered_multiset|unordered_map|set|multiset|map)\s*<[^()]*>$/,
  iterating:
    /^(std::)?(ranges::)?(for_each|transform|find_if|count_if|remove_if|replace_if|copy_if|any_of|all_of|none_of|accumulate|reduce|transform_reduce|adjacent_find)$/,
  logarithmic:
    /^(std::)?(ranges::)?(lower_bound|upper_bound|binary_search|equal_range|partition_point|push_heap|pop_heap)$|^bsearch$/,
  regexCompile: /^(std::)?regex$/,
};

// C#: LINQ operators walk their source once (lazily, but a result consumed in full costs its
// source); `List<T>.Insert` / `InsertRange` / `IndexOf` shift or search the list; `string.Concat`
// copies; the `Array` statics walk their first argument. `Substring` is left out, like the case
// transforms: it mostly runs on one short element (a word of a split sentence).
const CSHARP: LibraryCosts = {
  sorting: /\.(Sort|OrderBy|OrderByDescending|ThenBy|ThenByDescending)$|^Array\.Sort$/,
  linear:
    /\.(IndexOf|LastIndexOf|Where|Select|SelectMany|Any|All|Count|Sum|Max|Min|MaxBy|MinBy|Average|Aggregate|ToList|ToArray|ToHashSet|ToDictionary|ToLookup|GroupBy|First|FirstOrDefault|Last|LastOrDefault|Single|Distinct|Reverse|Join|Split|Replace|Concat|Skip|Take|SkipWhile|TakeWhile|SequenceEqual|Except|Intersect|Union|Zip|ToCharArray|CopyTo|Insert|InsertRange|RemoveRange|GetRange|AddRange)$|^(string\.Join|String\.Join|string\.Concat|String\.Concat|Array\.(Fill|Copy|IndexOf|LastIndexOf|Reverse|Exists|Find|FindIndex|FindAll|ConvertAll|TrueForAll|Clear))$/,
  iterating:
    /\.(ForEach|Where|Select|SelectMany|Any|All|Count|Sum|Max|Min|MaxBy|MinBy|Average|OrderBy|OrderByDescending|ThenBy|GroupBy|ToDictionary|SkipWhile|TakeWhile|First|FirstOrDefault|Last|LastOrDefault|Aggregate|RemoveAll|Find|FindIndex|FindAll|TrueForAll|Exists)$|^Array\.(Exists|Find|FindIndex|FindAll|ConvertAll|TrueForAll)$/,
  logarithmic: /^Array\.BinarySearch$|\.BinarySearch$/,
  membership: /\.(Contains|Remove)$/,
  // `string.Join(sep, parts)` joins its second argument.
  collectionArg: { Join: 1 },
  regexCompile: /^(new )?Regex$/,
};

const RUBY: LibraryCosts = {
  sorting: /(^|\.)(sort|sort_by|sort!|sort_by!|min_by|max_by)$/,
  linear:
    /\.(index|find|detect|select|filter|reject|map|collect|each|each_with_index|each_with_object|reduce|inject|sum|count|min|max|join|split|reverse|uniq|flatten|compact|zip|group_by|partition|tally|find_index|any\?|all\?|none\?|dup|clone|gsub|sub)$/,
  iterating:
    /\.(each|each_with_index|each_with_object|map|collect|select|filter|reject|find|detect|reduce|inject|sum|count|any\?|all\?|none\?|group_by|partition|sort_by|min_by|max_by|flat_map|times|upto|downto|each_char|each_line|find_index)$/,
  membership: /\.(include\?|member\?)$/,
  regexCompile: /^Regexp\.new$/,
};

// PHP arrays are ordered hash tables: `isset($a[$k])`, `array_key_exists`, `count`, `strlen`,
// `array_push`, `array_pop` and `$a[] = $x` are O(1); functions that walk, copy or build an array or
// string are O(n) in it. `array_shift` / `array_unshift` renumber every key (the manual: "all
// numerical array keys will be modified to start counting from zero"), so they are O(n) too;
// `SplQueue` takes from the front in O(1). The string searches (`strpos`, `str_contains`, …) scan
// the haystack, their first argument; `substr($s, $i, $len)` copies `$len` bytes (O(1) for a
// literal length, else up to the whole string). Case and whitespace transforms (`strtoupper`,
// `trim`) are left out, as in the other tables: they mostly run on one short element.
// `array_fill($start, $count, $v)`, `range($lo, $hi)`, `str_repeat($s, $times)`, `str_pad($s, $len)`
// and `new SplFixedArray($size)` build as many items as their count argument (`counted`); the
// `preg_*` functions that split, replace or collect every match scan their subject.
const PHP: LibraryCosts = {
  sorting: /^(sort|rsort|usort|uasort|uksort|asort|arsort|ksort|krsort|natsort|natcasesort|array_multisort)$/,
  linear:
    /^(in_array|array_search|array_map|array_filter|array_reduce|array_sum|array_product|array_unique|array_reverse|array_merge|array_keys|array_values|array_slice|array_splice|array_diff|array_diff_key|array_intersect|array_intersect_key|array_flip|array_count_values|array_column|array_combine|array_fill_keys|array_pad|array_chunk|array_replace|array_shift|array_unshift|array_walk|implode|join|explode|str_split|mb_str_split|str_replace|str_ireplace|substr|mb_substr|strrev|substr_count|strpos|stripos|strrpos|strripos|strstr|stristr|strrchr|str_contains|count_chars|max|min|array_fill|range|str_repeat|str_pad|preg_split|preg_replace|preg_match_all|str_word_count|shuffle|(?:new )?SplFixedArray)$/,
  iterating: /^(array_map|array_filter|array_reduce|array_walk|usort|uasort|uksort)$/,
  counted: /^(array_fill|range|str_repeat|str_pad|SplFixedArray)$/,
  collectionArg: {
    in_array: 1,
    array_search: 1,
    array_map: 1,
    implode: 1,
    join: 1,
    explode: 1,
    str_replace: 2,
    str_ireplace: 2,
    array_fill: 1,
    range: 1,
    str_repeat: 1,
    str_pad: 1,
    preg_split: 1,
    preg_replace: 2,
    preg_match_all: 1,
  },
  regexCompile: /^preg_\w+$/,
  blockingIo: /^(sleep|usleep)$/,
};

const TABLES: Record<Dialect, LibraryCosts> = {
  js: JS,
  python: PYTHON,
  go: GO,
  java: JAVA,
  rust: RUST,
  cpp: CPP,
  csharp: CSHARP,
  ruby: RUBY,
  php: PHP,
};

export function libraryCosts(language: LanguageId): LibraryCosts {
  return TABLES[dialectOf(language)];
}
