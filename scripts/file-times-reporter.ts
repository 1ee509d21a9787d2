// A Vitest reporter that writes each test file's whole time (its environment, imports, hooks and
// tests) to the JSON file FILE_TIMES_OUTPUT names: `npm test` lists the slowest files from it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  seconds: number;
}

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const ms =
      d.environmentSetupDuration +
      d.prepareDuration +
      d.collectDuration +
      d.setupDuration +
      d.duration;
    this.times.push({ file: path.relative(process.cwd(), module.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd() {
    const output = process.env.FILE_TIMES_OUTPUT;
    if (output) writeFileSync(output, JSON.stringify(this.times));
  }
}
