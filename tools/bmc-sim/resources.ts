import type { ComponentKind, Misbehaviour, SimComponent, SimServer } from './types';

/** The Redfish resources of one simulated BMC (DSP0266 / DSP8010 schemas), built from its live state. */

export const ROOT = '/redfish/v1';
export const SYSTEM = `${ROOT}/Systems/1`;
export const CHASSIS = `${ROOT}/Chassis/1`;
export const MANAGER = `${ROOT}/Managers/1`;
export const UPDATE_SERVICE = `${ROOT}/UpdateService`;
export const FIRMWARE_INVENTORY = `${UPDATE_SERVICE}/FirmwareInventory`;
export const SOFTWARE_INVENTORY = `${UPDATE_SERVICE}/SoftwareInventory`;
export const MULTIPART_PUSH_URI = `${UPDATE_SERVICE}/upload`;
export const SESSION_SERVICE = `${ROOT}/SessionService`;
export const SESSIONS = `${SESSION_SERVICE}/Sessions`;
export const TASKS = `${ROOT}/TaskService/Tasks`;
export const TASK_MONITORS = `${ROOT}/TaskService/TaskMonitors`;
export const MAX_IMAGE_BYTES = 256 * 1024 * 1024;

type Json = Record<string, unknown>;

/** Where a component of each kind lives in the tree (its RelatedItem); numbered per kind. */
export const COLLECTION_OF: Partial<Record<ComponentKind, string>> = {
  PSU: `${CHASSIS}/PowerSubsystem/PowerSupplies`,
  DISK: `${CHASSIS}/Drives`,
  NIC: `${CHASSIS}/NetworkAdapters`,
  PCIE: `${CHASSIS}/PCIeDevices`,
  RAID: `${SYSTEM}/Storage`,
};

/** The resource a component is the firmware of, or undefined (OTHER: clients report it unmapped). */
export function relatedItem(server: SimServer, component: SimComponent): string | undefined {
  if (component.kind === 'BMC') return MANAGER;
  if (component.kind === 'BIOS') return SYSTEM;
  if (component.kind === 'CPLD') return CHASSIS;
  const collection = COLLECTION_OF[component.kind];
  if (!collection) return undefined;
  const index = server.components.filter((c) => c.kind === component.kind).indexOf(component);
  return `${collection}/${index + 1}`;
}

export function collection(id: string, type: string, name: string, members: string[], m: Misbehaviour): Json {
  return {
    '@odata.id': id,
    '@odata.type': `#${type}Collection.${type}Collection`,
    Name: name,
    Members: members.map((member) => ({ '@odata.id': member })),
    // Real BMCs get this wrong; clients must walk Members.
    'Members@odata.count': m.wrongMemberCount ? members.length + 3 : members.length,
  };
}

export function resource(id: string, type: string, name: string, body: Json): Json {
  const segments = id.split('/');
  return { '@odata.id': id, '@odata.type': type, Id: segments[segments.length - 1], Name: name, ...body };
}

export const OK = { State: 'Enabled', Health: 'OK' };

export function serviceRoot(uuid: string, m: Misbehaviour): Json {
  const sessions = m.basicOnly ? {} : { SessionService: { '@odata.id': SESSION_SERVICE } };
  return {
    ...resource(ROOT, '#ServiceRoot.v1_15_0.ServiceRoot', 'Root Service', {}),
    Id: 'RootService',
    RedfishVersion: '1.17.0',
    UUID: uuid,
    Product: 'fwportal BMC simulator',
    Vendor: 'fwportal',
    Systems: { '@odata.id': `${ROOT}/Systems` },
    Chassis: { '@odata.id': `${ROOT}/Chassis` },
    Managers: { '@odata.id': `${ROOT}/Managers` },
    UpdateService: { '@odata.id': UPDATE_SERVICE },
    TaskService: { '@odata.id': `${ROOT}/TaskService` },
    ...sessions,
    Links: m.basicOnly ? {} : { Sessions: { '@odata.id': SESSIONS } },
  };
}

/** The OData service document (`/redfish/v1/odata`): the service root's top-level resources. */
export function odataServiceDocument(m: Misbehaviour): Json {
  const names = [
    'Systems',
    'Chassis',
    'Managers',
    'UpdateService',
    'TaskService',
    ...(m.basicOnly ? [] : ['SessionService']),
  ];
  return {
    '@odata.context': `${ROOT}/$metadata`,
    value: [
      { name: 'Service', kind: 'Singleton', url: `${ROOT}/` },
      ...names.map((name) => ({ name, kind: 'Singleton', url: `${ROOT}/${name}` })),
    ],
  };
}

export function componentsOf(server: SimServer, kind: ComponentKind) {
  return server.components.filter((c) => c.kind === kind);
}

function versionOf(server: SimServer, kind: ComponentKind) {
  return componentsOf(server, kind)[0]?.version;
}

export function system(server: SimServer, m: Misbehaviour): Json {
  return resource(SYSTEM, '#ComputerSystem.v1_20_0.ComputerSystem', 'Computer System', {
    SystemType: 'Physical',
    Manufacturer: 'fwportal',
    Model: server.model,
    ...(m.serialLocation === 'Chassis' ? {} : { SerialNumber: server.sn }),
    BiosVersion: versionOf(server, 'BIOS'),
    PowerState: 'On',
    Status: OK,
    Boot: { BootSourceOverrideEnabled: 'Disabled', BootSourceOverrideTarget: 'None' },
    Storage: { '@odata.id': `${SYSTEM}/Storage` },
    Links: { Chassis: [{ '@odata.id': CHASSIS }], ManagedBy: [{ '@odata.id': MANAGER }] },
    Actions: {
      '#ComputerSystem.Reset': {
        target: `${SYSTEM}/Actions/ComputerSystem.Reset`,
        'ResetType@Redfish.AllowableValues': ['On', 'ForceOff', 'GracefulRestart', 'ForceRestart'],
      },
    },
  });
}

export function chassis(server: SimServer): Json {
  return resource(CHASSIS, '#Chassis.v1_23_0.Chassis', 'Chassis', {
    ChassisType: 'RackMount',
    Manufacturer: 'fwportal',
    Model: server.model,
    SerialNumber: server.sn,
    Status: OK,
    Power: { '@odata.id': `${CHASSIS}/Power` },
    PowerSubsystem: { '@odata.id': `${CHASSIS}/PowerSubsystem` },
    Drives: { '@odata.id': `${CHASSIS}/Drives` },
    NetworkAdapters: { '@odata.id': `${CHASSIS}/NetworkAdapters` },
    PCIeDevices: { '@odata.id': `${CHASSIS}/PCIeDevices` },
    Links: { ComputerSystems: [{ '@odata.id': SYSTEM }], ManagedBy: [{ '@odata.id': MANAGER }] },
  });
}

export function manager(server: SimServer): Json {
  return resource(MANAGER, '#Manager.v1_19_0.Manager', 'Manager', {
    ManagerType: 'BMC',
    Manufacturer: 'fwportal',
    Model: `${server.model} BMC`,
    FirmwareVersion: versionOf(server, 'BMC'),
    Status: OK,
    Links: { ManagerForServers: [{ '@odata.id': SYSTEM }], ManagerForChassis: [{ '@odata.id': CHASSIS }] },
    Actions: {
      '#Manager.Reset': {
        target: `${MANAGER}/Actions/Manager.Reset`,
        'ResetType@Redfish.AllowableValues': ['GracefulRestart', 'ForceRestart'],
      },
    },
  });
}

export function firmwareInventory(server: SimServer, m: Misbehaviour): Json {
  const members = server.components.map((c) => `${FIRMWARE_INVENTORY}/${encodeURIComponent(c.id)}`);
  return collection(FIRMWARE_INVENTORY, 'SoftwareInventory', 'Firmware Inventory', members, m);
}

export function softwareInventory(server: SimServer, component: SimComponent, m: Misbehaviour): Json {
  const related = relatedItem(server, component);
  const optional = m.missingFields
    ? {}
    : {
        Updateable: component.updateable ?? true,
        ...(component.softwareId ? { SoftwareId: component.softwareId } : {}),
        ...(related ? { RelatedItem: [{ '@odata.id': related }] } : {}),
      };
  return resource(
    `${FIRMWARE_INVENTORY}/${encodeURIComponent(component.id)}`,
    '#SoftwareInventory.v1_10_0.SoftwareInventory',
    component.id,
    {
      Id: component.id,
      Version: component.version,
      Manufacturer: 'fwportal',
      Status: OK,
      ...optional,
    },
  );
}

export function updateService(m: Misbehaviour): Json {
  const path = m.simpleUpdatePath ?? 'Actions/UpdateService.SimpleUpdate';
  return resource(UPDATE_SERVICE, '#UpdateService.v1_14_0.UpdateService', 'Update Service', {
    ServiceEnabled: true,
    Status: OK,
    MaxImageSizeBytes: MAX_IMAGE_BYTES,
    ...(m.noMultipart ? {} : { MultipartHttpPushUri: MULTIPART_PUSH_URI }),
    FirmwareInventory: { '@odata.id': FIRMWARE_INVENTORY },
    SoftwareInventory: { '@odata.id': SOFTWARE_INVENTORY },
    Actions: {
      '#UpdateService.SimpleUpdate': {
        target: `${UPDATE_SERVICE}/${path}`,
        'TransferProtocol@Redfish.AllowableValues': ['HTTP', 'HTTPS'],
        '@Redfish.OperationApplyTimeSupport': {
          '@odata.type': '#Settings.v1_3_5.OperationApplyTimeSupport',
          SupportedValues: ['Immediate', 'OnReset'],
        },
      },
    },
  });
}

export function sessionService(): Json {
  return resource(SESSION_SERVICE, '#SessionService.v1_1_9.SessionService', 'Session Service', {
    ServiceEnabled: true,
    SessionTimeout: 1800,
    Status: OK,
    Sessions: { '@odata.id': SESSIONS },
  });
}

export function session(id: string, user: string): Json {
  return resource(`${SESSIONS}/${id}`, '#Session.v1_7_0.Session', 'User Session', { UserName: user });
}

export function taskService(): Json {
  return resource(`${ROOT}/TaskService`, '#TaskService.v1_2_1.TaskService', 'Task Service', {
    ServiceEnabled: true,
    CompletedTaskOverWritePolicy: 'Oldest',
    Status: OK,
    Tasks: { '@odata.id': TASKS },
  });
}

/** A Redfish error body (Base message registry). */
export function errorBody(messageId: string, message: string): Json {
  return {
    error: {
      code: `Base.1.16.${messageId}`,
      message,
      '@Message.ExtendedInfo': [
        {
          '@odata.type': '#Message.v1_1_2.Message',
          MessageId: `Base.1.16.${messageId}`,
          Message: message,
          Severity: 'Critical',
        },
      ],
    },
  };
}
