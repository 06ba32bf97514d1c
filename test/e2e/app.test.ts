/** The app journeys (app-journeys.ts) against one process of each service (REPLICAS from the environment, else 1). */
import { appJourneys } from './app-journeys.js';

appJourneys();
