import { TASKS, TASK_MONITORS } from './resources';

/** Redfish tasks (TaskService/Tasks/<id>) and their task monitors, progressing over time. */

export type TaskState = 'New' | 'Running' | 'Completed' | 'Exception';
type Message = {
  MessageId: string;
  Message: string;
  Severity: 'OK' | 'Warning' | 'Critical';
  MessageArgs: string[];
};

export class SimTask {
  state: TaskState = 'New';
  percent = 0;
  readonly messages: Message[] = [];
  readonly startTime = new Date().toISOString();
  endTime: string | undefined;

  constructor(
    readonly id: string,
    readonly name: string,
  ) {}

  get uri() {
    return `${TASKS}/${this.id}`;
  }

  get monitorUri() {
    return `${TASK_MONITORS}/${this.id}`;
  }

  get running() {
    return this.state === 'New' || this.state === 'Running';
  }

  message(id: string, text: string, severity: Message['Severity'] = 'OK', args: string[] = []) {
    this.messages.push({ MessageId: id, Message: text, Severity: severity, MessageArgs: args });
  }

  finish(state: 'Completed' | 'Exception') {
    this.state = state;
    if (state === 'Completed') this.percent = 100;
    this.endTime = new Date().toISOString();
  }

  toJson() {
    return {
      '@odata.id': this.uri,
      '@odata.type': '#Task.v1_7_3.Task',
      Id: this.id,
      Name: this.name,
      TaskState: this.state,
      TaskStatus: this.state === 'Exception' ? 'Critical' : 'OK',
      PercentComplete: this.percent,
      StartTime: this.startTime,
      ...(this.endTime ? { EndTime: this.endTime } : {}),
      TaskMonitor: this.monitorUri,
      HidePayload: true,
      Messages: this.messages.map((m) => ({ '@odata.type': '#Message.v1_1_2.Message', ...m })),
    };
  }
}

export function taskCollection(tasks: SimTask[]) {
  return {
    '@odata.id': TASKS,
    '@odata.type': '#TaskCollection.TaskCollection',
    Name: 'Task Collection',
    Members: tasks.map((t) => ({ '@odata.id': t.uri })),
    'Members@odata.count': tasks.length,
  };
}
