/**
 * The error-code catalogue shared by server and client. Codes follow the
 * console family the spec quotes: "10" + 4-digit category + item number.
 */
export const ErrorCode = {
  SUCCESS: 200,
  ACCOUNT_PASSWORD_EMPTY: 1011001,
  ACCOUNT_PASSWORD_WRONG: 1011002,
  CAPTCHA_WRONG: 1011003,
  TOKEN_EMPTY: 1011004,
  TOKEN_NOT_BEARER: 1011005,
  TOKEN_INVALID: 1011006,
  ACCOUNT_FROZEN: 1011007,
  LOGIN_EXPIRED: 1011008,
  NO_LOGIN_USER: 1011009,
  /** Not in the original family: the spec's 5-failure lockout. */
  ACCOUNT_LOCKED: 1011010,
  OLD_PASSWORD_WRONG: 1011011,
  PARAM_ERROR: 1012001,
  PASSWORD_WEAK: 1012002,
  PASSWORD_MISMATCH: 1012003,
  VERIFY_CODE_WRONG: 1012004,
  NO_EMAIL_BOUND: 1012005,
  ACCOUNT_NAMING: 1012006,
  ACCOUNT_EXISTS: 1012007,
  EMAIL_REGISTERED: 1012008,
  RESET_LINK_INVALID: 1012009,
  SN_NOT_FOUND: 1012010,
  FILE_TYPE_NOT_ALLOWED: 1012011,
  FILE_TOO_LARGE: 1012012,
  SN_LIMIT: 1012013,
  URL_NOT_FOUND: 1013001,
  NO_PERMISSION_RESOURCE: 1013002,
  NO_PERMISSION_OPERATION: 1013003,
  FILE_NOT_FOUND: 1013004,
  TOO_MANY_REQUESTS: 1014001,
  JSON_MALFORMED: 1015002,
  SERVER_ERROR: 1016002,
  /** Mail or SMS gateway refused the message (spec 8: 'Get verify code failure'). */
  VERIFY_CODE_SEND_FAILED: 1016003,
  /**
   * A dependency (the database, the object store) is away, restarting or saturated: the request
   * was not carried out and may be sent again after Retry-After (issue 31).
   */
  SERVICE_UNAVAILABLE: 1016004,
  /** The disk under DATA_DIR is full: the upload or result was not kept (507, issue 31). */
  STORAGE_FULL: 1016005,
  /** Customer catalogue (category 17): also answered by downloads of an item the reader may not see. */
  CATALOG_NOT_VISIBLE: 1017001,
  PCIE_SN_EMPTY: 1017002,
  PCIE_PN_EMPTY: 1017003,
  PCIE_TOO_MANY_VALUES: 1017004,
  CATALOG_NOT_CONFIG: 1017005,
  /** Staff publishing (category 18). */
  PUBLISH_NOT_FOUND: 1018001,
  PUBLISH_CODE_EXISTS: 1018002,
  PUBLISH_VERSION_EXISTS: 1018003,
  PUBLISH_STATE_CONFLICT: 1018004,
  PUBLISH_TOO_MANY_IMAGES: 1018005,
  /** A version's prerequisites name no component, no version, or too many (issue 34). */
  PUBLISH_PREREQUISITE_INVALID: 1018007,
  RELEASE_NOTE_EXISTS: 1018006,
  /** An SBOM refused (issue 43): not CycloneDX 1.5/1.6 or SPDX 2.3 JSON, schema or TR-03183-2 essentials; data lists each problem. */
  SBOM_INVALID: 1018008,
  /** The version has no SBOM (or the viewer may not see the version: the same answer). */
  SBOM_NOT_FOUND: 1018009,
  /** An fwportal build was uploaded, but this portal was not given the release public key to check it with (issue 44). */
  PUBLISH_BUILD_KEY_MISSING: 1018010,
  /** Downloads (category 19): storage failed while answering ('Download failed'). */
  DOWNLOAD_FAILED: 1019001,
  /** A DOCUMENT item's file is missing ('Documentation does not exist'). */
  DOCUMENT_NOT_FOUND: 1019002,
  /** The Range header asks for bytes the file does not have (Content-Range: bytes *\/size). */
  RANGE_NOT_SATISFIABLE: 1019003,
  /** Background tasks (category 23). Someone else's task answers the same as a missing one. */
  TASK_NOT_FOUND: 1023001,
  /** Only a FAILED task can be retried. */
  TASK_NOT_RETRYABLE: 1023002,
  /** Too many PENDING/RUNNING tasks of one user. */
  TASK_TOO_MANY_OPEN: 1023003,
  /** The task has no result to download (not finished, failed, or the result expired). */
  TASK_RESULT_GONE: 1023004,
  /** PACKAGE_LIVE_CD: the base must be a LiveCD image and components must not be. */
  LIVECD_BASE_INVALID: 1023005,
  /** Activation (category 20), spec section 5 rules and section 8 messages. */
  MACHINE_CODE_INVALID: 1020001,
  CLUSTER_NODES_INVALID: 1020002,
  APPLICATION_QUANTITY_INVALID: 1020003,
  /** No entitlement of the user covers this SN, product and version. */
  ENTITLEMENT_NOT_FOUND: 1020004,
  /** The request asks for more nodes than the entitlement has left. */
  NODES_EXCEEDED: 1020005,
  REMAINING_QUERY_FAILED: 1020006,
  MAINTENANCE_QUERY_FAILED: 1020007,
  ACTIVATION_FILE_FAILED: 1020008,
  MAINTENANCE_EXPIRED: 1020009,
  TRIAL_NOT_AVAILABLE: 1020010,
  TRIAL_ALREADY_ISSUED: 1020011,
  ENTITLEMENT_EXISTS: 1020012,
  /** An entitlement that has issued codes cannot be deleted (its licences name it). */
  ENTITLEMENT_IN_USE: 1020013,
  /** Staff: no entitlement with this id. */
  ENTITLEMENT_UNKNOWN: 1020014,
  /** Users administration (category 21). */
  USER_SELF_ACTION: 1021001,
  USER_UNKNOWN: 1021002,
  ROLE_UNKNOWN: 1021003,
  /** Roles, menus and dictionaries administration (category 21 continued). */
  ROLE_NOT_FOUND: 1021004,
  ROLE_CODE_EXISTS: 1021005,
  /** A seeded role the portal relies on (e.g. `customer`, given at registration). */
  ROLE_BUILT_IN: 1021006,
  /** Users still hold the role. */
  ROLE_IN_USE: 1021007,
  MENU_NOT_FOUND: 1021008,
  MENU_HAS_CHILDREN: 1021009,
  MENU_PATH_EXISTS: 1021010,
  DICT_NOT_FOUND: 1021011,
  DICT_CODE_EXISTS: 1021012,
  DICT_TYPE_HAS_VALUES: 1021013,
  /** Security (issue 16). */
  ORGANISATION_UNKNOWN: 1024001,
  /** A session token in a URL (download links carry tickets). */
  TOKEN_IN_URL: 1025001,
  /** A download ticket that is unknown, expired, for another file, or whose session ended. */
  DOWNLOAD_TICKET_INVALID: 1025002,
  /** Automation (issue 20): personal access tokens, quotas, feeds, webhooks. */
  API_TOKEN_NOT_ACCEPTED: 1026001,
  API_TOKEN_SCOPE_MISSING: 1026002,
  API_TOKEN_INVALID: 1026003,
  API_TOKEN_NOT_FOUND: 1026004,
  API_TOKEN_LIMIT: 1026005,
  QUOTA_REQUESTS: 1026006,
  QUOTA_BYTES: 1026007,
  FEED_TOKEN_INVALID: 1026008,
  WEBHOOK_NOT_FOUND: 1026009,
  WEBHOOK_URL_REFUSED: 1026010,
  WEBHOOK_LIMIT: 1026011,
  /** A test event to a webhook that is switched off. */
  WEBHOOK_INACTIVE: 1026012,
  /** More than WEBHOOK_PINGS_PER_HOUR test events to one webhook. */
  WEBHOOK_PING_LIMIT: 1026013,
  /** Device sign-in (issue 32): a user code that is unknown, expired, used or denied. */
  DEVICE_CODE_INVALID: 1027001,
  /** Too many wrong user codes from one account (all its sessions). */
  DEVICE_CODE_ATTEMPTS: 1027002,
  /** Security advisories (issue 33): unknown, or not visible to this reader yet. */
  ADVISORY_NOT_FOUND: 1028001,
  /** The action does not fit the advisory's state (e.g. approving a draft not submitted). */
  ADVISORY_STATE_CONFLICT: 1028002,
  /** Four eyes: the last editor of an advisory may not approve it. */
  ADVISORY_OWN_APPROVAL: 1028003,
  /** A CVSS vector the calculator cannot read. */
  ADVISORY_CVSS_INVALID: 1028004,
  /** The CSAF document made from the advisory does not pass the standard's checks. */
  ADVISORY_CSAF_INVALID: 1028005,
  /** A new revision of a published advisory needs a summary of what it changes. */
  ADVISORY_REVISION_SUMMARY_REQUIRED: 1028006,
  /** A model, part number or fixed version the catalogue does not have. */
  ADVISORY_PRODUCT_UNKNOWN: 1028007,
  /** A fixed version that is for none of the advisory's affected products. */
  ADVISORY_FIX_UNRELATED: 1028008,
  /**
   * A fixed version still in draft (published by the advisory at its time) named, or an advisory
   * holding one approved, by staff without firmware:publish.
   */
  ADVISORY_HELD_FIX_FORBIDDEN: 1028009,
  /** Fleet compliance (issue 34): nothing to update on the servers chosen. */
  FLEET_NOTHING_MISSING: 1029001,
  /** More component readings reported by one account today than INVENTORY_REPORT_BUDGET_PER_DAY. */
  INVENTORY_REPORT_BUDGET: 1029002,
  /** PSIRT (issue 43): an Art. 14 case or a vulnerability report that does not exist. */
  PSIRT_CASE_NOT_FOUND: 1033001,
  /** The advisory already has an Art. 14 case: edit that one. */
  PSIRT_CASE_EXISTS: 1033002,
  /** A time in the future where only a past one makes sense (awareness, a submission). */
  PSIRT_TIME_IN_FUTURE: 1033003,
  /** Removing a security fix within ten years of its release (CRA Art. 13(9)) needs a reason. */
  SECURITY_FIX_REMOVAL_REASON: 1033004,
  /** The encrypted text of a vulnerability report is not an ASCII-armoured OpenPGP message. */
  PSIRT_PGP_INVALID: 1033005,
  /** A server model that does not exist. */
  MODEL_NOT_FOUND: 1033006,
  /** No key of the PSIRT (current or retired) opens this vulnerability report, or it is not encrypted. */
  PSIRT_DECRYPT_FAILED: 1033007,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** HTTP status answered with each code (the envelope carries the code too). */
export const errorHttpStatus: Record<ErrorCodeValue, number> = {
  [ErrorCode.SUCCESS]: 200,
  [ErrorCode.ACCOUNT_PASSWORD_EMPTY]: 400,
  [ErrorCode.ACCOUNT_PASSWORD_WRONG]: 401,
  [ErrorCode.CAPTCHA_WRONG]: 400,
  [ErrorCode.TOKEN_EMPTY]: 401,
  [ErrorCode.TOKEN_NOT_BEARER]: 401,
  [ErrorCode.TOKEN_INVALID]: 401,
  [ErrorCode.ACCOUNT_FROZEN]: 403,
  [ErrorCode.LOGIN_EXPIRED]: 401,
  [ErrorCode.NO_LOGIN_USER]: 401,
  [ErrorCode.ACCOUNT_LOCKED]: 423,
  [ErrorCode.OLD_PASSWORD_WRONG]: 400,
  [ErrorCode.PARAM_ERROR]: 400,
  [ErrorCode.PASSWORD_WEAK]: 400,
  [ErrorCode.PASSWORD_MISMATCH]: 400,
  [ErrorCode.VERIFY_CODE_WRONG]: 400,
  [ErrorCode.NO_EMAIL_BOUND]: 400,
  [ErrorCode.ACCOUNT_NAMING]: 400,
  [ErrorCode.ACCOUNT_EXISTS]: 409,
  [ErrorCode.EMAIL_REGISTERED]: 409,
  [ErrorCode.RESET_LINK_INVALID]: 410,
  [ErrorCode.SN_NOT_FOUND]: 404,
  [ErrorCode.FILE_TYPE_NOT_ALLOWED]: 415,
  [ErrorCode.FILE_TOO_LARGE]: 413,
  [ErrorCode.SN_LIMIT]: 400,
  [ErrorCode.URL_NOT_FOUND]: 404,
  [ErrorCode.NO_PERMISSION_RESOURCE]: 403,
  [ErrorCode.NO_PERMISSION_OPERATION]: 403,
  [ErrorCode.FILE_NOT_FOUND]: 404,
  [ErrorCode.TOO_MANY_REQUESTS]: 429,
  [ErrorCode.JSON_MALFORMED]: 400,
  [ErrorCode.SERVER_ERROR]: 500,
  [ErrorCode.VERIFY_CODE_SEND_FAILED]: 502,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.STORAGE_FULL]: 507,
  [ErrorCode.CATALOG_NOT_VISIBLE]: 404,
  [ErrorCode.PCIE_SN_EMPTY]: 400,
  [ErrorCode.PCIE_PN_EMPTY]: 400,
  [ErrorCode.PCIE_TOO_MANY_VALUES]: 400,
  [ErrorCode.CATALOG_NOT_CONFIG]: 400,
  [ErrorCode.PUBLISH_NOT_FOUND]: 404,
  [ErrorCode.PUBLISH_CODE_EXISTS]: 409,
  [ErrorCode.PUBLISH_VERSION_EXISTS]: 409,
  [ErrorCode.PUBLISH_STATE_CONFLICT]: 409,
  [ErrorCode.PUBLISH_TOO_MANY_IMAGES]: 400,
  [ErrorCode.PUBLISH_PREREQUISITE_INVALID]: 400,
  [ErrorCode.SBOM_INVALID]: 400,
  [ErrorCode.SBOM_NOT_FOUND]: 404,
  [ErrorCode.PUBLISH_BUILD_KEY_MISSING]: 409,
  [ErrorCode.RELEASE_NOTE_EXISTS]: 409,
  [ErrorCode.DOWNLOAD_FAILED]: 503,
  [ErrorCode.DOCUMENT_NOT_FOUND]: 404,
  [ErrorCode.RANGE_NOT_SATISFIABLE]: 416,
  [ErrorCode.TASK_NOT_FOUND]: 404,
  [ErrorCode.TASK_NOT_RETRYABLE]: 409,
  [ErrorCode.TASK_TOO_MANY_OPEN]: 429,
  [ErrorCode.TASK_RESULT_GONE]: 410,
  [ErrorCode.LIVECD_BASE_INVALID]: 400,
  [ErrorCode.MACHINE_CODE_INVALID]: 400,
  [ErrorCode.CLUSTER_NODES_INVALID]: 400,
  [ErrorCode.APPLICATION_QUANTITY_INVALID]: 400,
  [ErrorCode.ENTITLEMENT_NOT_FOUND]: 404,
  [ErrorCode.NODES_EXCEEDED]: 409,
  [ErrorCode.REMAINING_QUERY_FAILED]: 404,
  [ErrorCode.MAINTENANCE_QUERY_FAILED]: 404,
  [ErrorCode.ACTIVATION_FILE_FAILED]: 404,
  [ErrorCode.MAINTENANCE_EXPIRED]: 409,
  [ErrorCode.TRIAL_NOT_AVAILABLE]: 404,
  [ErrorCode.TRIAL_ALREADY_ISSUED]: 409,
  [ErrorCode.ENTITLEMENT_EXISTS]: 409,
  [ErrorCode.ENTITLEMENT_IN_USE]: 409,
  [ErrorCode.ENTITLEMENT_UNKNOWN]: 404,
  [ErrorCode.USER_SELF_ACTION]: 409,
  [ErrorCode.USER_UNKNOWN]: 404,
  [ErrorCode.ROLE_UNKNOWN]: 400,
  [ErrorCode.ROLE_NOT_FOUND]: 404,
  [ErrorCode.ROLE_CODE_EXISTS]: 409,
  [ErrorCode.ROLE_BUILT_IN]: 409,
  [ErrorCode.ROLE_IN_USE]: 409,
  [ErrorCode.MENU_NOT_FOUND]: 404,
  [ErrorCode.MENU_HAS_CHILDREN]: 409,
  [ErrorCode.MENU_PATH_EXISTS]: 409,
  [ErrorCode.DICT_NOT_FOUND]: 404,
  [ErrorCode.DICT_CODE_EXISTS]: 409,
  [ErrorCode.DICT_TYPE_HAS_VALUES]: 409,
  [ErrorCode.ORGANISATION_UNKNOWN]: 404,
  [ErrorCode.TOKEN_IN_URL]: 400,
  [ErrorCode.DOWNLOAD_TICKET_INVALID]: 401,
  [ErrorCode.API_TOKEN_NOT_ACCEPTED]: 403,
  [ErrorCode.API_TOKEN_SCOPE_MISSING]: 403,
  [ErrorCode.API_TOKEN_INVALID]: 401,
  [ErrorCode.API_TOKEN_NOT_FOUND]: 404,
  [ErrorCode.API_TOKEN_LIMIT]: 409,
  [ErrorCode.QUOTA_REQUESTS]: 429,
  [ErrorCode.QUOTA_BYTES]: 429,
  [ErrorCode.FEED_TOKEN_INVALID]: 404,
  [ErrorCode.WEBHOOK_NOT_FOUND]: 404,
  [ErrorCode.WEBHOOK_URL_REFUSED]: 400,
  [ErrorCode.WEBHOOK_LIMIT]: 409,
  [ErrorCode.WEBHOOK_INACTIVE]: 409,
  [ErrorCode.WEBHOOK_PING_LIMIT]: 429,
  [ErrorCode.DEVICE_CODE_INVALID]: 404,
  [ErrorCode.ADVISORY_NOT_FOUND]: 404,
  [ErrorCode.ADVISORY_STATE_CONFLICT]: 409,
  [ErrorCode.ADVISORY_OWN_APPROVAL]: 403,
  [ErrorCode.ADVISORY_CVSS_INVALID]: 400,
  [ErrorCode.ADVISORY_CSAF_INVALID]: 422,
  [ErrorCode.ADVISORY_REVISION_SUMMARY_REQUIRED]: 400,
  [ErrorCode.ADVISORY_PRODUCT_UNKNOWN]: 400,
  [ErrorCode.ADVISORY_FIX_UNRELATED]: 400,
  [ErrorCode.ADVISORY_HELD_FIX_FORBIDDEN]: 403,
  [ErrorCode.FLEET_NOTHING_MISSING]: 409,
  [ErrorCode.INVENTORY_REPORT_BUDGET]: 429,
  [ErrorCode.PSIRT_CASE_NOT_FOUND]: 404,
  [ErrorCode.PSIRT_CASE_EXISTS]: 409,
  [ErrorCode.PSIRT_TIME_IN_FUTURE]: 400,
  [ErrorCode.SECURITY_FIX_REMOVAL_REASON]: 400,
  [ErrorCode.PSIRT_PGP_INVALID]: 400,
  [ErrorCode.MODEL_NOT_FOUND]: 404,
  [ErrorCode.PSIRT_DECRYPT_FAILED]: 409,
  [ErrorCode.DEVICE_CODE_ATTEMPTS]: 429,
};

/** Codes after which the client must drop its token and sign in again. */
export const SESSION_OVER_CODES: readonly number[] = [
  ErrorCode.TOKEN_INVALID,
  ErrorCode.ACCOUNT_FROZEN,
  ErrorCode.LOGIN_EXPIRED,
  ErrorCode.NO_LOGIN_USER,
];

/** Codes whose message is shown as an error while the data is still used. */
export const SHOW_MESSAGE_CODES: readonly number[] = [
  ErrorCode.NO_PERMISSION_RESOURCE,
  ErrorCode.JSON_MALFORMED,
  ErrorCode.SERVER_ERROR,
  ErrorCode.SERVICE_UNAVAILABLE,
  ErrorCode.STORAGE_FULL,
];
