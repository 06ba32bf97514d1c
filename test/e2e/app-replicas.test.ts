/**
 * The app journeys (app-journeys.ts) against two processes of each service, as `REPLICAS=2 npm start` runs them and
 * Kubernetes does: the gateway takes turns among them, and they share NATS queue groups, durable consumers, Redis and
 * MongoDB.
 */
import { appJourneys } from './app-journeys.js';

appJourneys(2);
