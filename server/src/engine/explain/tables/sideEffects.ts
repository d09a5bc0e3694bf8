// Calls that reach outside the program, per language: each pattern is matched against a callee as
// written (`fs.readFileSync`, `requests.get`, `System.out.println`) and names the kind of effect.
import type { LanguageId } from '../../languages';
import { dialectOf, type Dialect } from './dialect';

export type EffectKind =
  | 'console output'
  | 'console input'
  | 'file system'
  | 'network'
  | 'DOM'
  | 'process'
  | 'browser storage'
  | 'timers'
  | 'database'
  | 'logging';

type EffectTable = [RegExp, EffectKind][];

const JS: EffectTable = [
  [/^console\.(log|info|warn|error|debug|table|dir|trace)$/, 'console output'],
  [/^(process\.stdout|process\.stderr)\.write$/, 'console output'],
  [/^(readline\.|prompt$)/, 'console input'],
  [
    /^(fs|fsp|fs\.promises|fsPromises|fse)\.\w+$|^(readFile|writeFile|readFileSync|writeFileSync|appendFile|appendFileSync|mkdir|mkdirSync|unlink|unlinkSync|readdir|readdirSync|createReadStream|createWriteStream)$/,
    'file system',
  ],
  [
    /^(fetch|axios(\.\w+)?|\$\.ajax|\$\.get|\$\.post|https?\.(get|request)|got|superagent|request|WebSocket|XMLHttpRequest|EventSource|navigator\.sendBeacon)$/,
    'network',
  ],
  [
    /^(document|window)\.\w+|\.(querySelector|querySelectorAll|getElementById|getElementsByClassName|getElementsByTagName|appendChild|removeChild|insertBefore|addEventListener|removeEventListener|setAttribute|removeAttribute|createElement|insertAdjacentHTML|scrollIntoView|focus|blur)$|\.classList\.\w+$/,
    'DOM',
  ],
  [
    /^process\.(exit|kill|abort|chdir)$|^(child_process\.)?(exec|execSync|spawn|spawnSync|execFile|fork)$/,
    'process',
  ],
  [/^(localStorage|sessionStorage|indexedDB)\.\w+$|^document\.cookie$/, 'browser storage'],
  [/^(setTimeout|setInterval|setImmediate|requestAnimationFrame|clearTimeout|clearInterval)$/, 'timers'],
  [/\.(query|execute)$|^(db|pool|knex|prisma|mongoose|sequelize)\.\w+/, 'database'],
];

const PYTHON: EffectTable = [
  [/^(print|pprint|pprint\.pprint|sys\.stdout\.write|sys\.stderr\.write)$/, 'console output'],
  [/^(input|sys\.stdin\.\w+|getpass\.getpass)$/, 'console input'],
  [
    /^(open|os\.(remove|unlink|rename|mkdir|makedirs|rmdir|listdir|walk|scandir|chmod)|shutil\.\w+|pathlib\.\w+|Path|json\.(dump|load)|csv\.(reader|writer|DictReader|DictWriter)|pickle\.(dump|load)|tempfile\.\w+)$|\.(read_text|write_text|read_bytes|write_bytes|mkdir|unlink|iterdir|glob|read|write|readlines|writelines)$/,
    'file system',
  ],
  [
    /^(requests|httpx|urllib\.request|urllib3|aiohttp|http\.client|socket|smtplib|ftplib)(\.\w+)*$|^(urlopen|session\.(get|post|put|delete))$/,
    'network',
  ],
  [
    /^(os\.(system|popen|exit|_exit|kill|environ\.\w+|putenv|chdir|getenv)|sys\.exit|subprocess\.\w+|exit|quit)$/,
    'process',
  ],
  [/^(time\.sleep|asyncio\.sleep|threading\.Timer)$/, 'timers'],
  [
    /^(sqlite3\.connect|psycopg2\.connect|pymysql\.connect)$|^(cursor|cur|conn|connection|db|session)\.(execute|executemany|commit|query|add|delete)$/,
    'database',
  ],
  [/^(logging|logger|log)\.(debug|info|warning|warn|error|critical|exception)$/, 'logging'],
];

const GO: EffectTable = [
  [/^fmt\.(Print|Println|Printf|Fprint|Fprintln|Fprintf)$/, 'console output'],
  [/^(fmt\.(Scan|Scanln|Scanf)|bufio\.NewReader|bufio\.NewScanner)$/, 'console input'],
  [
    /^(os\.(Open|Create|ReadFile|WriteFile|Remove|RemoveAll|Mkdir|MkdirAll|ReadDir|OpenFile|Rename)|ioutil\.\w+|filepath\.Walk)$/,
    'file system',
  ],
  [/^(http|net|grpc)\.\w+$|^(client|c)\.(Do|Get|Post)$/, 'network'],
  [/^(os\.(Exit|Getenv|Setenv|Chdir)|exec\.Command|syscall\.\w+)$/, 'process'],
  [/^(time\.Sleep|time\.After|time\.NewTimer|time\.NewTicker)$/, 'timers'],
  [/^(sql\.Open)$|^(db|tx)\.(Query|QueryRow|Exec|Begin|Prepare)$/, 'database'],
  [/^log\.\w+$/, 'logging'],
];

const JAVA: EffectTable = [
  [/^System\.(out|err)\.(println|print|printf|format|write)$/, 'console output'],
  [/^(new )?(Scanner|BufferedReader|InputStreamReader)$|^System\.in\.read$/, 'console input'],
  [
    /^(Files\.\w+|new (File|FileReader|FileWriter|FileInputStream|FileOutputStream|BufferedWriter|PrintWriter|RandomAccessFile))$/,
    'file system',
  ],
  [
    /^(new (Socket|ServerSocket|URL)|HttpClient\.\w+|\w*[cC]lient\.send(Async)?|\w+\.openConnection|new HttpGet|RestTemplate\.\w+)$/,
    'network',
  ],
  [/^(System\.(exit|getenv|setProperty|getProperty)|Runtime\.getRuntime|new ProcessBuilder)$/, 'process'],
  [/^(Thread\.sleep|\w*[eE]xecutor\.schedule\w*|new Timer)$/, 'timers'],
  [
    /^(DriverManager\.getConnection)$|^\w*(stmt|statement|conn|connection)\.(execute\w*|prepareStatement)$/,
    'database',
  ],
  [/^(log|logger|LOG|LOGGER)\.(trace|debug|info|warn|error)$/, 'logging'],
];

const RUST: EffectTable = [
  [/^(println|print|eprintln|eprint|dbg)!?$/, 'console output'],
  [/^(std::)?io::stdin$|\.read_line$/, 'console input'],
  [/^(std::)?fs::\w+$|^File::(open|create)$|^(OpenOptions::new)$/, 'file system'],
  [
    /^(reqwest::\w+|TcpStream::connect|TcpListener::bind|UdpSocket::bind|(std::)?net::\w+|Client::new)$/,
    'network',
  ],
  [/^((std::)?process::(exit|Command::new|abort)|Command::new|(std::)?env::(var|set_var|args))$/, 'process'],
  [/^(thread::sleep|(std::)?thread::sleep|tokio::time::sleep)$/, 'timers'],
  [/^(log::)?(info|warn|error|debug|trace)!?$/, 'logging'],
];

const CPP: EffectTable = [
  [/^(printf|puts|putchar|fprintf|std::cout|cout|std::cerr|cerr|std::printf|perror)$/, 'console output'],
  [/^(scanf|getchar|gets|fgets|std::cin|cin|std::getline|getline)$/, 'console input'],
  [
    /^(fopen|fclose|fread|fwrite|fseek|remove|rename|std::ifstream|std::ofstream|std::fstream|ifstream|ofstream|fstream|std::filesystem::\w+)$/,
    'file system',
  ],
  [/^(socket|connect|send|recv|bind|listen|accept|curl_\w+|getaddrinfo)$/, 'network'],
  [
    /^(exit|abort|system|fork|execv|execvp|popen|getenv|setenv|std::exit|std::system|std::getenv)$/,
    'process',
  ],
  [/^(sleep|usleep|std::this_thread::sleep_for)$/, 'timers'],
];

const CSHARP: EffectTable = [
  [/^Console\.(Write|WriteLine|Error\.WriteLine)$/, 'console output'],
  [/^Console\.(Read|ReadLine|ReadKey)$/, 'console input'],
  [
    /^(File|Directory|Path)\.\w+$|^(new )?(StreamReader|StreamWriter|FileStream|FileInfo|DirectoryInfo)$/,
    'file system',
  ],
  [
    /^(new )?(HttpClient|WebClient|TcpClient|Socket)$|\.(GetAsync|PostAsync|PutAsync|DeleteAsync|SendAsync|GetStringAsync|DownloadString)$/,
    'network',
  ],
  [/^(Environment\.(Exit|GetEnvironmentVariable|SetEnvironmentVariable)|Process\.Start)$/, 'process'],
  [/^(Thread\.Sleep|Task\.Delay|new Timer)$/, 'timers'],
  [
    /^(new )?(SqlConnection|SqlCommand)$|\.(ExecuteReader|ExecuteNonQuery|ExecuteScalar|SaveChanges|SaveChangesAsync)$/,
    'database',
  ],
  [/^(_?logger|_?log|Log)\.(Log\w*|Debug|Information|Info|Warning|Warn|Error|Critical)$/, 'logging'],
];

const RUBY: EffectTable = [
  [/^(puts|print|p|pp|printf|\$stdout\.\w+|STDOUT\.\w+|\$stderr\.\w+|warn)$/, 'console output'],
  [/^(gets|\$stdin\.\w+|STDIN\.\w+)$/, 'console input'],
  [/^(File|IO|Dir|FileUtils|CSV|YAML)\.\w+$/, 'file system'],
  [
    /^(Net::HTTP(\.\w+)?|HTTParty\.\w+|Faraday\.\w+|URI\.open|open-uri|TCPSocket\.new|RestClient\.\w+)$/,
    'network',
  ],
  [/^(exit|exit!|abort|system|exec|spawn|`|Process\.\w+|ENV\.\w+|fork)$/, 'process'],
  [/^(sleep)$/, 'timers'],
  [/\.(save|save!|create|create!|update|update!|destroy|delete|where|find_by)$|^ActiveRecord::/, 'database'],
  [/^(logger|Rails\.logger|@logger)\.(debug|info|warn|error|fatal)$/, 'logging'],
];

const PHP: EffectTable = [
  [/^(echo|print|printf|print_r|var_dump|var_export)$/, 'console output'],
  [/^(readline)$/, 'console input'],
  [
    /^(fopen|fclose|fread|fwrite|fputs|fgets|fgetcsv|fscanf|file_put_contents|file|unlink|mkdir|rmdir|rename|copy|scandir|glob|is_file|file_exists|touch)$/,
    'file system',
  ],
  [
    /^(file_get_contents|curl_\w+|fsockopen|stream_socket_client|mail|header|setcookie|http_response_code)$/,
    'network',
  ],
  [/^(exit|die|exec|shell_exec|system|passthru|proc_open|putenv|getenv)$/, 'process'],
  [/^(sleep|usleep)$/, 'timers'],
  [/^(mysqli_\w+|pg_\w+|new (PDO|mysqli))$|->(query|prepare|execute|exec)$/, 'database'],
  [/^error_log$/, 'logging'],
];

const TABLES: Record<Dialect, EffectTable> = {
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

/** The kind of outside effect a call has, if any. */
export function effectOf(language: LanguageId, callee: string): EffectKind | undefined {
  const normalized = callee.replace(/\s+/g, '').replace(/^new(?=[A-Z])/, 'new ');
  const table = TABLES[dialectOf(language)];
  for (const [pattern, kind] of table) if (pattern.test(normalized)) return kind;
  // A fully qualified class (`java.nio.file.Files.readString`) is matched by its class name.
  const qualified = /^(?:new )?(?:[a-z_]\w*(?:\.|::))+([A-Z]\w*(?:\.|::)\w+)$/.exec(normalized);
  if (qualified) for (const [pattern, kind] of table) if (pattern.test(qualified[1]!)) return kind;
  return undefined;
}
