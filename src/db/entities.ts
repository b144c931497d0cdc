import { AccessToken } from '../auth/access-token.entity.ts';
import { PendingLogin, Session } from '../auth/session.entity.ts';
import { Category } from '../domain/categories/category.entity.ts';
import { Event } from '../domain/events/event.entity.ts';
import { User } from '../domain/users/user.entity.ts';

export const entities = [User, Session, PendingLogin, AccessToken, Category, Event];
