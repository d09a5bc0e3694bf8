// The Rails an app runs, as review's project type. ERB views cannot say which Rails renders them, and
// Rails 1 and 2 wrote `<%= x %>` unescaped (escaping came with Rails 3, or the rails_xss plugin), so
// review needs it to judge a view; the app's own files say it. Pure: callers read the files.

/** The files of an app's root that name its Rails (absent ones undefined). */
export interface RailsAppFiles {
  /** `config/environment.rb` (Rails 2 pins `RAILS_GEM_VERSION` there). */
  environment?: string;
  /** `Gemfile.lock` (Bundler's resolved `rails (x.y.z)`). */
  gemfileLock?: string;
  /** `Gemfile` (may name the rails_xss gem). */
  gemfile?: string;
  /** Whether `vendor/plugins/rails_xss` exists (the plugin that brought escaping to Rails 2). */
  railsXssPlugin?: boolean;
}

/** `rails 2.3.11`, plus ` rails_xss` when that plugin escapes the views; undefined when the app does not say. */
export function railsProjectType(files: RailsAppFiles): string | undefined {
  const version =
    /RAILS_GEM_VERSION\s*=\s*['"]([\d.]+)['"]/.exec(files.environment ?? '')?.[1] ??
    /^\s{4}rails \(([\d.]+)\)/m.exec(files.gemfileLock ?? '')?.[1];
  if (!version) return undefined;
  const xss = files.railsXssPlugin === true || /rails_xss/.test(files.gemfile ?? '');
  return `rails ${version}${xss ? ' rails_xss' : ''}`;
}

/**
 * Whether ERB views escape `<%= %>`: not in Rails 1 and 2 (project type `rails 2.3`, `rails2`),
 * unless the rails_xss plugin is named too. Views do not say which Rails renders them.
 */
export function escapingViews(projectType: string | undefined): boolean {
  const words = projectType ?? '';
  return !/\brails[\s_-]?v?[12](?:\.\d+)*\b/i.test(words) || /\brails_xss\b/i.test(words);
}
