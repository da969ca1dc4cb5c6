import { startEarlyLoads } from './early-loads';

// The app's first module (index.html loads it before main.tsx, and module scripts run in
// order): it starts the current page's lazy code and first requests before the browser
// evaluates React, the router and the rest of the app's entry.
startEarlyLoads(window.location);
